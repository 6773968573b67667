import { ExternalLink, MailCheck, MailWarning, Medal } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { cn } from '@web/lib/cn';
import { Button } from '@web/ui/button';
import { TextField } from '@web/ui/input';
import { notifyError, notifySuccess } from '@web/ui/toast';
import { resendVerification, verifyEmailCode } from '../api/verify-email-code';
import { authErrorMessage } from '../auth-validation';
import { webmailUrl } from '../webmail';

const CODE_LENGTH = 6;

/**
 * The way in without leaving the page: type the 6-digit code from the verification mail (which also carries a
 * link). Shown after sign-up, when sign-in is refused (the e-mail may not be verified yet), and on the complete
 * screen of a player who started before confirming ('play-first', docs/decisions/039). A right code verifies and signs
 * in; `onVerified` then takes the player on.
 */
export function VerifyCodePanel({
  email,
  reason,
  onVerified,
}: {
  email: string;
  reason: 'signed-up' | 'unverified' | 'play-first';
  onVerified: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [isSending, setSending] = useState(false);

  async function verify(value: string) {
    if (value.length !== CODE_LENGTH || isBusy) return;
    setBusy(true);
    setError(null);
    const result = await verifyEmailCode(email, value);
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      notifyError('Authentication Error', result.message);
      return;
    }
    if (reason === 'play-first') notifySuccess('E-mail confirmed', 'Your score is on the leaderboard now.');
    else notifySuccess('Welcome!', 'Your e-mail is confirmed and you are signed in.');
    onVerified();
  }

  function handleChange(raw: string) {
    const digits = raw.replace(/\D/g, '').slice(0, CODE_LENGTH);
    setCode(digits);
    setError(null);
    // The last digit typed, or a pasted or auto-filled code, submits itself: one less tap on a phone.
    if (digits.length === CODE_LENGTH && code.length < CODE_LENGTH) void verify(digits);
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    await verify(code);
  }

  async function resend() {
    setSending(true);
    const failure = await resendVerification(email);
    setSending(false);
    if (failure) notifyError('Authentication Error', authErrorMessage(failure));
    else {
      setCode('');
      setError(null);
      notifySuccess('Verification e-mail sent', `We've sent a new code and link to ${email}. Please check your inbox.`);
    }
  }

  const Icon = reason === 'signed-up' ? MailCheck : reason === 'play-first' ? Medal : MailWarning;
  const inbox = reason === 'play-first' ? webmailUrl(email) : null;
  return (
    // Not a labelled region: its heading says "e-mail", and the sign-in form's Email field must stay the only match.
    <section className={cn('rounded-2xl border border-glow/40 bg-glow/10 p-4 text-sm', reason === 'play-first' ? 'text-left' : 'mb-6')}>
      <div className="flex gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-glow" aria-hidden />
        <div>
          <h2 className="font-semibold text-ink">
            {reason === 'signed-up'
              ? 'Enter the code from your e-mail'
              : reason === 'play-first'
                ? 'Put your score on the leaderboard'
                : 'Not confirmed your e-mail yet?'}
          </h2>
          {reason === 'play-first' ? (
            <p className="mt-1 text-muted">
              Confirm your e-mail: type the {CODE_LENGTH}-digit code we sent to{' '}
              <span className="text-ink [overflow-wrap:anywhere]">{email}</span>, or click the link in that mail. Unconfirmed accounts are
              deleted after 24 hours.
            </p>
          ) : reason === 'signed-up' ? (
            <p className="mt-1 text-muted">
              We sent a {CODE_LENGTH}-digit code and a confirmation link to{' '}
              <span className="text-ink [overflow-wrap:anywhere]">{email}</span>. Type the code here to start playing, or click the link.
            </p>
          ) : (
            <p className="mt-1 text-muted">
              Then the right password has just sent a new {CODE_LENGTH}-digit code and link to{' '}
              <span className="text-ink [overflow-wrap:anywhere]">{email}</span>. Type the code here to start playing, or click the link.
            </p>
          )}
        </div>
      </div>
      {reason === 'play-first' ? (
        inbox ? (
          <a
            href={inbox}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-3 inline-flex min-h-11 items-center gap-2 font-semibold text-glow underline underline-offset-4"
          >
            <ExternalLink className="size-4" aria-hidden />
            Open my mail
          </a>
        ) : (
          <p className="mt-3 text-muted">Open your mail app: the code is in the mail from Guess the Genesis.</p>
        )
      ) : null}
      <form noValidate onSubmit={handleSubmit} className="mt-4 flex flex-col gap-3" aria-busy={isBusy}>
        <TextField
          id="verify-code"
          label="Verification code"
          name="one-time-code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={CODE_LENGTH}
          placeholder="123456"
          variant="code"
          value={code}
          onChange={(event) => handleChange(event.target.value)}
          error={error}
          readOnly={isBusy}
          autoFocus={reason === 'signed-up'}
        />
        <Button type="submit" size="lg" className="w-full" disabled={isBusy || code.length !== CODE_LENGTH}>
          {isBusy ? 'PLEASE WAIT...' : 'VERIFY CODE'}
        </Button>
        <Button variant="secondary" className="w-full" onClick={resend} disabled={isSending}>
          {isSending ? 'Sending…' : 'Resend verification e-mail'}
        </Button>
      </form>
    </section>
  );
}

import { MailCheck } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { paths } from '@contracts/paths';
import { authClient } from '@web/lib/auth-client';
import { Button } from '@web/ui/button';
import { notifyError } from '@web/ui/toast';
import { authErrorMessage, emailError } from '../auth-validation';
import { EmailField } from './email-field';

/**
 * Asks for a password-reset e-mail. The confirmation is the same whether or not the address has an
 * account, so the form cannot be used to find out who plays.
 */
export function ForgotPasswordForm({
  email,
  onEmailChange,
  onBack,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  onBack: () => void;
}) {
  const [submitted, setSubmitted] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const error = submitted ? emailError(email) : undefined;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (emailError(email)) return emailRef.current?.focus();
    const address = email.trim();
    setBusy(true);
    const result = await authClient.requestPasswordReset({ email: address, redirectTo: paths.resetPassword });
    setBusy(false);
    if (result.error) return notifyError('Authentication Error', authErrorMessage(result.error));
    setSentTo(address);
  }

  if (sentTo) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-success/15 text-success">
          <MailCheck className="size-7" aria-hidden />
        </span>
        <h2 className="font-display text-xl font-bold">Check your email</h2>
        <p className="text-sm text-muted">
          If an account exists for <span className="text-ink [overflow-wrap:anywhere]">{sentTo}</span>, we've sent a link to reset your
          password. The link is valid for one hour.
        </p>
        <Button variant="secondary" className="mt-2 w-full" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-busy={isBusy}>
      <EmailField ref={emailRef} id="forgot-email" value={email} onChange={onEmailChange} error={error} readOnly={isBusy} />
      <Button type="submit" size="lg" className="w-full" disabled={isBusy}>
        {isBusy ? 'PLEASE WAIT...' : 'SEND RESET LINK'}
      </Button>
      <Button variant="link" className="self-center text-sm" onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  );
}

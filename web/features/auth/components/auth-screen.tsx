import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@web/ui/button';
import { Card } from '@web/ui/card';
import { prerendered } from '@web/lib/prerendered';
import { useRunning } from '@web/lib/use-running';
import { notifyError } from '@web/ui/toast';
import { usePublicConfig } from '../api/get-public-config';
import { linkErrorMessage } from '../api/verify-email-code';
import { EmailPasswordForm, type SignMode } from './email-password-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { GoogleSignInButton } from './google-sign-in-button';
import { ProofOfWorkNote } from './proof-of-work-note';
import { VerifyCodePanel } from './verify-code-panel';

type Mode = SignMode | 'forgot';

const headings: Record<Mode, string> = {
  'sign-in': 'Welcome back!',
  'sign-up': 'Join the challenge!',
  forgot: 'Forgot your password?',
};

const subtitles: Record<Mode, string> = {
  'sign-in': 'Sign in to get your image challenge.',
  'sign-up': 'Create an account to get your own AI image to crack.',
  forgot: "Enter the email you signed up with and we'll send you a link to choose a new password.",
};

/** Why an OAuth round trip came back to /auth (better-auth appends ?error=...). */
function googleErrorMessage(code: string): string {
  if (code === 'access_denied') return 'Google sign-in was cancelled.';
  return `Google sign-in failed (${code.replace(/_/g, ' ').toLowerCase()}). Please try again.`;
}

interface PendingCode {
  email: string;
  reason: 'signed-up' | 'unverified';
}

// The tab may be reloaded while the player is in the mail app (phones discard background tabs): keep the offer.
const PENDING_KEY = 'gg.pending-code';
function readPending(): PendingCode | null {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    return raw ? (JSON.parse(raw) as PendingCode) : null;
  } catch {
    return null;
  }
}
function writePending(pending: PendingCode | null) {
  try {
    if (pending) sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
    else sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // private mode without storage: the offer just doesn't survive a reload
  }
}

/**
 * /auth: one card for sign-in, sign-up and "forgot password". The mode lives in the URL (?mode=sign-up,
 * ?mode=forgot) so the reset page can link straight to the request form; the e-mail is kept across modes.
 */
export function AuthScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('mode');
  const mode: Mode = requested === 'sign-up' || requested === 'forgot' ? requested : 'sign-in';
  const [pending, setPendingState] = useState<PendingCode | null>(readPending);
  const [email, setEmail] = useState(() => pending?.email ?? '');
  const [isBusy, setBusy] = useState(false);
  // The pre-rendered /auth shows its buttons before this code runs; a tap on one then does nothing, so they stay
  // disabled until it runs (like the form's submit button, email-password-form.tsx).
  const running = useRunning();
  // Until /api/config answers, what the server said when it pre-rendered this page (no button flashing in or out).
  const googleEnabled = (usePublicConfig().data?.googleEnabled ?? prerendered.googleEnabled) === true;
  const setPending = (next: PendingCode | null) => {
    writePending(next);
    setPendingState(next);
  };

  // The mail's link lands here (?from=mail-link): with ?error= it was bad or expired; without, a signed-out
  // visitor followed a link that was already used (a fresh one signs in, and the guard moves on to /play).
  const fromMailLink = searchParams.get('from') === 'mail-link';
  const oauthError = searchParams.get('error');
  useEffect(() => {
    if (!fromMailLink) return;
    if (oauthError) notifyError('Authentication Error', linkErrorMessage(oauthError));
    else notifyError('Link already used', 'Your e-mail is already confirmed. Sign in with your e-mail and password.');
    setSearchParams(
      (params) => {
        params.delete('from');
        params.delete('error');
        return params;
      },
      { replace: true },
    );
  }, [fromMailLink, oauthError, setSearchParams]);

  useEffect(() => {
    if (!oauthError || fromMailLink) return;
    notifyError('Login Error', googleErrorMessage(oauthError));
    setSearchParams(
      (params) => {
        params.delete('error');
        params.delete('error_description');
        return params;
      },
      { replace: true },
    );
  }, [oauthError, fromMailLink, setSearchParams]);

  const goTo = (next: Mode, replace = true) => setSearchParams(next === 'sign-in' ? {} : { mode: next }, { replace });

  return (
    <Card padding="lg">
      <h1 className="font-display text-2xl font-bold tracking-tight">{headings[mode]}</h1>
      <p className="mt-1 text-sm text-muted">{subtitles[mode]}</p>
      <div className="mt-6">
        {mode === 'forgot' ? (
          <ForgotPasswordForm email={email} onEmailChange={setEmail} onBack={() => goTo('sign-in')} />
        ) : (
          <>
            {pending && mode === 'sign-in' ? (
              <VerifyCodePanel
                key={`${pending.email}-${pending.reason}`}
                email={pending.email}
                reason={pending.reason}
                // The code signed the player in: the guard around /auth moves on to /play.
                onVerified={() => setPending(null)}
              />
            ) : null}
            <EmailPasswordForm
              key={mode}
              mode={mode}
              email={email}
              onEmailChange={setEmail}
              onSignedUp={(address) => {
                setPending({ email: address, reason: 'signed-up' });
                goTo('sign-in');
              }}
              onUnverified={(address) => setPending({ email: address, reason: 'unverified' })}
              onBusyChange={setBusy}
            />
            {mode === 'sign-in' ? (
              <div className="mt-1 text-center">
                <Button variant="muted-link" onClick={() => goTo('forgot', false)} disabled={!running}>
                  Forgot password?
                </Button>
              </div>
            ) : null}
            {googleEnabled ? (
              <>
                <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wider text-muted" aria-hidden>
                  <span className="h-px flex-1 bg-night-700" />
                  or
                  <span className="h-px flex-1 bg-night-700" />
                </div>
                <GoogleSignInButton disabled={isBusy || !running} />
              </>
            ) : null}
            <p className="mt-6 text-center text-sm text-muted">
              {mode === 'sign-in' ? "Don't have an account?" : 'Already have an account?'}{' '}
              {/* Negative margins keep the line's height while the tap target is 44 px tall. */}
              <Button
                variant="link"
                tracking="normal"
                onClick={() => goTo(mode === 'sign-in' ? 'sign-up' : 'sign-in')}
                disabled={!running}
                className="-mx-2 -my-3"
              >
                {mode === 'sign-in' ? 'Sign up' : 'Sign in'}
              </Button>
            </p>
          </>
        )}
      </div>
      <ProofOfWorkNote />
    </Card>
  );
}

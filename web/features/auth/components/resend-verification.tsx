import { MailWarning } from 'lucide-react';
import { useState } from 'react';
import { paths } from '@contracts/paths';
import { authClient } from '@web/lib/auth-client';
import { Button } from '@web/ui/button';
import { notifyError, notifySuccess } from '@web/ui/toast';
import { authErrorMessage } from '../auth-validation';

/** Shown when sign-in is refused because the e-mail is not verified yet: explains why and re-sends the link. */
export function ResendVerification({ email }: { email: string }) {
  const [isSending, setSending] = useState(false);

  async function resend() {
    setSending(true);
    const { error } = await authClient.sendVerificationEmail({ email, callbackURL: paths.play });
    setSending(false);
    if (error) notifyError('Authentication Error', authErrorMessage(error));
    else notifySuccess('Verification e-mail sent', `We've sent a new confirmation link to ${email}. Please check your inbox.`);
  }

  return (
    <div role="alert" className="rounded-2xl border border-glow/40 bg-glow/10 p-4 text-sm">
      <div className="flex gap-3">
        <MailWarning className="mt-0.5 size-5 shrink-0 text-glow" aria-hidden />
        <div>
          <p className="font-semibold text-ink">Please verify your e-mail first</p>
          <p className="mt-1 text-muted">
            Your account is not activated yet. Click the confirmation link we sent to <span className="text-ink [overflow-wrap:anywhere]">{email}</span>, then sign in again.
          </p>
        </div>
      </div>
      <Button variant="secondary" className="mt-3 w-full" onClick={resend} disabled={isSending}>
        {isSending ? 'Sending…' : 'Resend verification e-mail'}
      </Button>
    </div>
  );
}

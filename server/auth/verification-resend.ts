/** The verification mail sent again when the right password meets an address not confirmed yet (auth.ts). */
import { windowRules } from '../limits/limits.rules';
import type { LimitStore } from '../limits/limits.store';
import type { Auth } from './auth';
import { MAIL_LINK_CALLBACK } from './auth-hardening';

/**
 * Counts on the same per-recipient budget as the resend button (3 mails in 15 minutes), so signing in over and over
 * never floods the inbox; over the budget, nothing is sent. better-auth's own send route does the rest (a new code
 * and link; nothing for an unknown or already confirmed address).
 */
export async function resendVerificationMail({ auth, limits, email }: { auth: Auth; limits: LimitStore; email: string }): Promise<void> {
  const verdict = await limits.hit([{ rule: windowRules.mailPerRecipient, on: email, subject: email }]);
  if (!verdict.allowed) return;
  await auth.api.sendVerificationEmail({ body: { email, callbackURL: MAIL_LINK_CALLBACK } });
}

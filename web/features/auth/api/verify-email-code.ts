import { paths } from '@contracts/paths';
import { authClient } from '@web/lib/auth-client';

/** Where the verification mail's link lands: /auth, which names a bad or reused link instead of failing silently. */
export const MAIL_LINK_CALLBACK = `${paths.auth}?from=mail-link`;

/** better-auth's error codes for the code and the link, in words a player understands. */
const CODE_ERRORS: Record<string, string> = {
  // better-auth deletes a code once it is used (or replaced by a resend), so a used code is as unknown as a wrong one.
  INVALID_OTP: "That code isn't right, or it was already used. Check the newest e-mail and try again.",
  OTP_EXPIRED: 'That code has expired. Send yourself a new one below.',
  TOO_MANY_ATTEMPTS: 'Too many wrong codes. Send yourself a new one below.',
};

const LINK_ERRORS: Record<string, string> = {
  INVALID_TOKEN: "That confirmation link isn't valid (it may be incomplete). Sign in to get a new one, or type the code from the e-mail.",
  TOKEN_EXPIRED: 'That confirmation link has expired. Sign in to get a new one.',
  USER_NOT_FOUND: 'That confirmation link belongs to an account that no longer exists. Please sign up again.',
};

export const codeErrorMessage = (error: { code?: string; message?: string; status?: number }) =>
  (error.code && CODE_ERRORS[error.code]) ||
  (error.code?.startsWith('PROOF_OF_WORK_') && error.message) ||
  (error.status === 429
    ? 'Too many attempts. Please wait a minute and try again.'
    : error.message || 'Something went wrong. Please try again.');

export const linkErrorMessage = (code: string) =>
  LINK_ERRORS[code] ?? `That confirmation link didn't work (${code.toLowerCase().replace(/_/g, ' ')}).`;

/** Verifies the e-mail with the mailed code; on success the server has also signed the player in (cookie). */
export async function verifyEmailCode(email: string, code: string) {
  const { error } = await authClient.emailOtp.verifyEmail({ email, otp: code });
  return error ? { ok: false as const, message: codeErrorMessage(error) } : { ok: true as const };
}

/** Sends the verification mail again (new link, new code). */
export async function resendVerification(email: string) {
  const { error } = await authClient.sendVerificationEmail({ email, callbackURL: MAIL_LINK_CALLBACK });
  return error ?? null;
}

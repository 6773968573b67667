/** Client-side checks of the sign-up and profile fields; the server enforces the same rules. */
import { authErrorCodes, MIN_PASSWORD_LENGTH } from '@contracts/auth.rules';
import { PROOF_UNAVAILABLE_CODE } from '@web/lib/proof-of-work';

// Deliberately simple: something@something.tld, no spaces. The server has the final word.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(email: string): string | undefined {
  const value = email.trim();
  if (!value) return 'Email is required';
  if (!EMAIL_PATTERN.test(value)) return 'Please enter a valid email address';
  return undefined;
}

export function passwordError(password: string): string | undefined {
  if (!password) return 'Password is required';
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  return undefined;
}

/** better-auth errors carry a message, sometimes only a status text; never show an empty toast. */
/** Refusals whose own message says what to do (the busy-network check), shown as the server or client wrote them. */
const SELF_EXPLAINING = new Set<string>([authErrorCodes.proofOfWorkRequired, PROOF_UNAVAILABLE_CODE]);

export function authErrorMessage(
  error: { code?: string; message?: string; statusText?: string; status?: number } | null | undefined,
): string {
  if (error?.code && SELF_EXPLAINING.has(error.code) && error.message) return error.message;
  if (error?.status === 429) return 'Too many attempts. Please wait a minute and try again.';
  return error?.message || error?.statusText || 'Something went wrong. Please try again.';
}

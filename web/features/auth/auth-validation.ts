/** Client-side checks of SPEC 5; the server enforces the same rules. */
export const MIN_PASSWORD_LENGTH = 6;

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
export function authErrorMessage(error: { message?: string; statusText?: string; status?: number } | null | undefined): string {
  if (error?.status === 429) return 'Too many attempts. Please wait a minute and try again.';
  return error?.message || error?.statusText || 'Something went wrong. Please try again.';
}

/**
 * Single-use verification links, reset tokens that die together, one answer for every refused sign-in, and a cap on
 * the account name (docs/decisions/029-hardening-providers-and-public-text.md).
 */
import { and, eq, like, lt, sql } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { createHash } from 'node:crypto';
import { MAX_DISPLAY_NAME_LENGTH } from '@contracts/game.rules';
import type { Db } from '../db/client';
import { consumedAuthToken, verification } from '../db/tables/auth.tables';

/**
 * The one answer to a refused e-mail sign-in: unknown address, wrong password, or the right password on an address
 * not confirmed yet (which would otherwise tell an attacker the password was right). The last also gets a new
 * code and link by mail, in the background.
 */
export const SIGN_IN_REFUSED = {
  code: 'INVALID_EMAIL_OR_PASSWORD',
  message: 'Wrong e-mail or password. Not confirmed your e-mail yet? Then the right password sends you a new code: check your inbox.',
} as const;

/** Where the verification mail's link lands (the same as the sign-up form asks for). */
export const MAIL_LINK_CALLBACK = '/auth?from=mail-link';

/** The account name (better-auth's `name`; nothing shows it but the suggested display name): as long as a display name. */
export const MAX_ACCOUNT_NAME_LENGTH = MAX_DISPLAY_NAME_LENGTH;
const MAX_ACCOUNT_IMAGE_LENGTH = 2048;

/** Why a sign-up or update-user body's name or image is refused, or null. */
export function accountFieldsProblem(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { name, image } = body as { name?: unknown; image?: unknown };
  if (name !== undefined && (typeof name !== 'string' || name.trim().length > MAX_ACCOUNT_NAME_LENGTH)) {
    return `A name must be text of at most ${MAX_ACCOUNT_NAME_LENGTH} characters.`;
  }
  if (image !== undefined && image !== null && (typeof image !== 'string' || image.length > MAX_ACCOUNT_IMAGE_LENGTH)) {
    return `An image must be a URL of at most ${MAX_ACCOUNT_IMAGE_LENGTH} characters.`;
  }
  return null;
}

/** After a password reset every other reset link of that player stops working (not only the one used). */
export async function invalidateResetTokens(db: Db, userId: string): Promise<void> {
  await db.delete(verification).where(and(like(verification.identifier, 'reset-password:%'), eq(verification.value, userId)));
}

/**
 * Claims a verification link for its first use. Only genuine links (signed with our secret) are recorded, so a
 * forged token changes nothing. Returns false when the link was already claimed (a concurrent or repeated use).
 */
export async function claimVerificationLink(db: Db, secret: string, token: string, lifetimeSeconds: number): Promise<boolean> {
  try {
    await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
  } catch {
    return true; // better-auth refuses it with its own error
  }
  const tokenHash = createHash('sha256').update(token).digest('hex');
  await db.delete(consumedAuthToken).where(lt(consumedAuthToken.consumedAt, sql`now() - make_interval(secs => ${lifetimeSeconds * 2})`));
  const claimed = await db
    .insert(consumedAuthToken)
    .values({ tokenHash })
    .onConflictDoNothing()
    .returning({ tokenHash: consumedAuthToken.tokenHash });
  return claimed.length === 1;
}

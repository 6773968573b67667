/** Issue 12.9: single-use verification links, reset tokens that die together, 401 for an unverified sign-in. */
import { and, eq, like, lt, sql } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { consumedAuthToken, verification } from '../db/tables/auth.tables';

export const UNVERIFIED_SIGN_IN_MESSAGE = 'Please verify your e-mail address first: open the link we sent you, or send it again.';

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
  const claimed = await db.insert(consumedAuthToken).values({ tokenHash }).onConflictDoNothing().returning({ tokenHash: consumedAuthToken.tokenHash });
  return claimed.length === 1;
}

/**
 * An account belongs to whoever proves its mailbox. Until then, anyone may have signed up with the address and a
 * password of their own, so:
 *  - a sign-up for an address whose account is not confirmed yet replaces the password, ends every session and
 *    forgets what was played under the old one (its games and profile): the first sign-up's password never stays;
 *  - confirming the address (the code or the link) keeps the password only when the confirming browser proved it
 *    knows it (signed up with it, or signed in with it, here: the proof cookie below). Otherwise the password goes
 *    (the confirmer sets one with "Forgot password?"), and so do the games and profile made under it;
 *  - either way, confirming ends every other session of the account.
 * docs/decisions/049-account-belongs-to-the-mailbox.md
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, user } from '../db/tables/auth.tables';
import { cookieValueOf } from './session-reader';

/** Set in the browser that chose (or typed) the current password of an account not confirmed yet. */
export const PASSWORD_PROOF_COOKIE = 'gg_password_proof';
const PROOF_MAX_AGE_SECONDS = 60 * 60 * 24 * 2;

export interface ClaimOptions {
  db: Db;
  secret: string;
  secureCookie: boolean;
  /** Forgets what was played under a password that just lost the account (games, profile). */
  forgetPlay?: (userId: string) => Promise<void>;
}

/**
 * Cookies a hook wants on the answer to one request, whatever the answer is (a refused sign-in is thrown, which would
 * drop cookies set on better-auth's context): the Fastify mount (auth.routes.ts) adds them.
 */
const cookiesByRequest = new WeakMap<Request, string[]>();
export function addCookieTo(request: Request | undefined, cookie: string) {
  if (!request) return;
  cookiesByRequest.set(request, [...(cookiesByRequest.get(request) ?? []), cookie]);
}
export const cookiesAddedTo = (request: Request): string[] => cookiesByRequest.get(request) ?? [];

export interface Unconfirmed {
  id: string;
  passwordHash: string | null;
}

export function createAccountClaims({ db, secret, secureCookie, forgetPlay }: ClaimOptions) {
  const proofOf = (userId: string, passwordHash: string) =>
    createHmac('sha256', secret).update(`password-proof:${userId}:${passwordHash}`).digest('base64url');

  /** The unconfirmed player account of an address, with its password hash; null for a confirmed or unknown one. */
  async function unconfirmedAccount(email: string): Promise<Unconfirmed | null> {
    const [row] = await db
      .select({ id: user.id, verified: user.emailVerified, role: user.role, passwordHash: account.password })
      .from(user)
      .leftJoin(account, and(eq(account.userId, user.id), eq(account.providerId, 'credential')))
      .where(eq(user.email, email.trim().toLowerCase()))
      .limit(1);
    if (!row || row.verified) return null;
    return { id: row.id, passwordHash: row.passwordHash ?? null };
  }

  /** The cookie that proves this browser knows the account's current password (a Set-Cookie header value). */
  function proofCookie(userId: string, passwordHash: string): string {
    return proofCookieWith(proofOf(userId, passwordHash));
  }
  function proofCookieWith(value: string): string {
    return `${PASSWORD_PROOF_COOKIE}=${value}; Path=/api/auth; Max-Age=${PROOF_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secureCookie ? '; Secure' : ''}`;
  }

  /** The same cookie with a value that proves nothing: a refused sign-in looks alike whether the password was right. */
  function decoyCookie(): string {
    return proofCookieWith(randomBytes(32).toString('base64url'));
  }

  function provesPassword(cookieHeader: string | null | undefined, userId: string, passwordHash: string): boolean {
    const presented = cookieValueOf(cookieHeader ?? undefined, PASSWORD_PROOF_COOKIE);
    if (!presented) return false;
    const expected = Buffer.from(proofOf(userId, passwordHash));
    const given = Buffer.from(presented);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** A new sign-up takes an unconfirmed account over: its password, and nothing of the previous holder's stays. */
  async function replacePassword(userId: string, passwordHash: string): Promise<void> {
    await db
      .update(account)
      .set({ password: passwordHash, updatedAt: new Date() })
      .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
    await forgetPlay?.(userId);
  }

  /**
   * The address is being confirmed (before better-auth marks it and signs the confirmer in): the password stays only
   * if this browser proved it knows it. Returns whether it stayed.
   */
  async function confirming(userId: string, cookieHeader: string | null | undefined): Promise<boolean> {
    const [credential] = await db
      .select({ id: account.id, passwordHash: account.password })
      .from(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
    if (!credential) return false;
    if (credential.passwordHash && provesPassword(cookieHeader, userId, credential.passwordHash)) return true;
    await db.delete(account).where(eq(account.id, credential.id));
    await forgetPlay?.(userId);
    return false;
  }

  return { unconfirmedAccount, proofCookie, decoyCookie, replacePassword, confirming };
}

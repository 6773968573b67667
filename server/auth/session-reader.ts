/**
 * The session behind a request's cookie, read the way better-auth's getSession reads it on its common path, for a
 * fraction of the main thread's time (docs/decisions/045-session-reader.md): the cookie's HMAC checked with node:crypto,
 * the session and its user in one prepared statement, the same output fields. Every case that is not the common one
 * (no single well-formed signed cookie, a "don't remember me" cookie, no row, an expired session, one due for its
 * sliding refresh) is better-auth's own getSession: it deletes, refreshes and answers as it always has.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { parseSessionOutput, parseUserOutput } from 'better-auth/db';
import type { Db } from '../db/client';
import { session, user } from '../db/tables/auth.tables';
import type { Auth, AuthSession } from './auth';

/** What the reader decided: a session, nobody (`null`), or "ask better-auth" (`undefined`). */
export type SessionRead = AuthSession | null | undefined;

/** One cookie's value exactly as sent; undefined when absent or sent more than once (better-auth then decides). */
export function cookieValueOf(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  let found: string | undefined;
  for (const part of cookieHeader.split(';')) {
    const pair = part.trim();
    if (!pair.startsWith(name) || pair[name.length] !== '=') continue;
    if (found !== undefined) return undefined;
    found = pair.slice(name.length + 1);
  }
  return found;
}

/** The token of a signed cookie value (`token.base64(HMAC-SHA256(secret, token))`, URI-encoded), or null if unsigned. */
export function verifiedToken(value: string, secret: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  const dot = decoded.lastIndexOf('.');
  if (dot < 1) return null;
  const token = decoded.slice(0, dot);
  const signature = Buffer.from(decoded.slice(dot + 1));
  // As better-call checks it: 44 characters of standard base64 (32 bytes), compared as text.
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

export function createSessionReader(auth: Auth, db: Db) {
  const bySessionToken = db
    .select({ session, user })
    .from(session)
    .innerJoin(user, eq(session.userId, user.id))
    .where(eq(session.token, sql.placeholder('token')))
    .prepare('session_by_token');
  let settings: Promise<{ cookie: string; dontRemember: string; secret: string; expiresInMs: number; updateAgeMs: number }> | undefined;
  const settingsOf = () =>
    (settings ??= auth.$context.then((context) => ({
      cookie: context.authCookies.sessionToken.name,
      dontRemember: context.authCookies.dontRememberToken.name,
      secret: context.secret,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    })));

  /** The session for this Cookie header, or undefined when only better-auth's getSession can answer it. */
  return async function read(cookieHeader: string | undefined): Promise<SessionRead> {
    const { cookie, dontRemember, secret, expiresInMs, updateAgeMs } = await settingsOf();
    // Not even the cookie's name: nobody. Anything else unusual (a space before '=', say) is better-auth's to read.
    if (!cookieHeader?.includes(cookie)) return null;
    if (cookieHeader.includes(dontRemember)) return undefined;
    const value = cookieValueOf(cookieHeader, cookie);
    const token = value === undefined ? null : verifiedToken(value, secret);
    if (token === null) return undefined;
    const [row] = await bySessionToken.execute({ token });
    if (!row) return undefined;
    const expiresAt = row.session.expiresAt.getTime();
    const now = Date.now();
    if (expiresAt < now || expiresAt - expiresInMs + updateAgeMs <= now) return undefined;
    return {
      session: parseSessionOutput(auth.options, row.session),
      user: parseUserOutput(auth.options, row.user),
    } as AuthSession;
  };
}

export type SessionReader = ReturnType<typeof createSessionReader>;

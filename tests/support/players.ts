import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/client';
import { user } from '../../server/db/tables/auth.tables';
import { capturedMail } from '../../server/db/tables/mail.tables';
import { cookiesFrom, request, uniqueEmail } from './test-app';

export interface TestPlayer {
  id: string;
  email: string;
  password: string;
  cookie: string;
  /** The cookies of the browser that signed up (its proof of the password, account-claim.ts), when not verified here. */
  signUpCookie?: string;
}

/** The newest captured mail to `to`, and the first link in it. */
/** The 6-digit code of a verification mail's text (undefined when there is none). */
export const mailedCode = (mailText: string) => mailText.match(/code on the sign-in page: (\d{6})/)?.[1];

export async function latestMailTo(db: Db, to: string) {
  const [mail] = await db.select().from(capturedMail).where(eq(capturedMail.to, to)).orderBy(desc(capturedMail.id)).limit(1);
  if (!mail) throw new Error(`no mail captured for ${to}`);
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  return { ...mail, link };
}

/** Follows a link from a mail the way a browser would, returning the response and the cookies it set. */
export async function followLink(app: FastifyInstance, link: string, cookie = '') {
  const url = new URL(link);
  const response = await request(app, { method: 'GET', url: url.pathname + url.search, cookie, navigation: true });
  return { response, cookie: cookiesFrom(response, cookie) };
}

/** Signs up through the real endpoints and (by default) verifies via the captured mail, which signs in. */
export async function createPlayer(
  app: FastifyInstance,
  db: Db,
  options: { email?: string; password?: string; verify?: boolean; role?: 'player' | 'organizer' } = {},
): Promise<TestPlayer> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'correct horse battery';
  const signUp = await request(app, { method: 'POST', url: '/api/auth/sign-up/email', payload: { email, password, name: '' } });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (options.role) await db.update(user).set({ role: options.role }).where(eq(user.id, row.id));
  let cookie = '';
  if (options.verify !== false) {
    const mail = await latestMailTo(db, email);
    // In the browser that signed up, as a player does: confirming elsewhere would drop the password (account-claim.ts).
    cookie = (await followLink(app, mail.link!, cookiesFrom(signUp))).cookie;
  }
  return { id: row.id, email, password, cookie, signUpCookie: cookiesFrom(signUp) };
}

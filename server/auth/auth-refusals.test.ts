// Refused sign-ins that tell nothing, players who joined with the mailed code, and the account name's cap.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../db/tables/auth.tables';
import { rateLimitCounters } from '../db/tables/limits.tables';
import { capturedMail } from '../db/tables/mail.tables';
import { windowRules } from '../limits/limits.rules';
import { createPlayer, latestMailTo, mailedCode } from '../../tests/support/players';
import { quickPasswordHasher } from '../../tests/support/quick-password-hasher';
import { cookiesFrom, createTestApp, request, type TestApp } from '../../tests/support/test-app';
import { SIGN_IN_REFUSED } from './auth-hardening';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: 'true' }, { passwordHasher: quickPasswordHasher });
});
afterAll(() => t?.close());

const signIn = (email: string, password: string, options: { from?: string; cookie?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: options.from ?? '198.51.100.20',
    headers: { origin: 'http://localhost:3000', ...(options.cookie ? { cookie: options.cookie } : {}) },
    payload: { email, password },
  });
const mailsTo = async (email: string) => (await t.database.db.select().from(capturedMail).where(eq(capturedMail.to, email))).length;

describe('a refused sign-in', () => {
  it('answers the right password on an unconfirmed address exactly like a wrong one, and mails a new code in the background', async () => {
    const player = await createPlayer(t.app, t.database.db, { verify: false });
    expect(await mailsTo(player.email)).toBe(1);
    const right = await signIn(player.email, player.password);
    const wrong = await signIn(player.email, 'not-the-password');
    const unknown = await signIn('nobody-here@example.test', 'whatever-password');
    for (const response of [right, wrong, unknown]) {
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json()).toEqual(SIGN_IN_REFUSED);
      // No session, and the same one cookie whether the password was right (account-claim.ts): it tells nothing.
      expect(cookiesFrom(response)).toMatch(/^gg_password_proof=[\w-]{43}$/);
    }
    // Only the right password sends the mail again, and its code signs in.
    await expect.poll(() => mailsTo(player.email), { timeout: 10_000 }).toBe(2);
    const code = mailedCode((await latestMailTo(t.database.db, player.email)).text);
    const verified = await request(t.app, {
      method: 'POST',
      url: '/api/auth/email-otp/verify-email',
      payload: { email: player.email, otp: code },
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('mails at most the per-recipient budget however often the right password is tried', async () => {
    const player = await createPlayer(t.app, t.database.db, { verify: false });
    for (let i = 0; i < 8; i++) expect((await signIn(player.email, player.password)).statusCode).toBe(401);
    // The sign-up mail and all 8 background sends have been counted against the recipient's budget (the ones over
    // it refused) …
    const counted = async () =>
      (
        await t.database.db
          .select()
          .from(rateLimitCounters)
          .where(eq(rateLimitCounters.key, `${windowRules.mailPerRecipient.name}:${player.email}`))
      )[0]?.count;
    await expect.poll(counted, { timeout: 10_000 }).toBe(1 + 8);
    // … and only the budget's worth of mails went out, the sign-up mail included.
    await expect.poll(() => mailsTo(player.email), { timeout: 10_000 }).toBe(windowRules.mailPerRecipient.max);
  });
});

describe('a player who joined with the mailed code', () => {
  it('is not locked out by 25 wrong passwords from anywhere: the code marked their browser as known', async () => {
    const player = await createPlayer(t.app, t.database.db, { verify: false });
    const code = mailedCode((await latestMailTo(t.database.db, player.email)).text);
    const joined = await request(t.app, {
      method: 'POST',
      url: '/api/auth/email-otp/verify-email',
      cookie: player.signUpCookie,
      payload: { email: player.email, otp: code },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const browser = cookiesFrom(joined, '');
    expect(browser).toContain('session_token');
    expect(browser).toContain('gg_device=');

    // A botnet: 25 wrong passwords for the account, each from another address.
    for (let i = 0; i < 25; i++) await signIn(player.email, `wrong-${i}`, { from: `192.0.2.${i + 1}` });
    expect((await signIn(player.email, player.password, { from: '192.0.2.200' })).statusCode).toBe(429);

    // The player's own phone (its session ended, say) still signs in with the right password.
    const again = await signIn(player.email, player.password, { from: '203.0.113.80', cookie: browser });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('a player who joined with the mailed link', () => {
  it('is not locked out by 25 wrong passwords from anywhere: the link marked their browser as known', async () => {
    const player = await createPlayer(t.app, t.database.db);
    expect(player.cookie).toContain('session_token');
    expect(player.cookie).toContain('gg_device=');
    for (let i = 0; i < 25; i++) await signIn(player.email, `wrong-${i}`, { from: `192.0.2.${i + 1}` });
    expect((await signIn(player.email, player.password, { from: '192.0.2.200' })).statusCode).toBe(429);
    const again = await signIn(player.email, player.password, { from: '203.0.113.81', cookie: player.cookie });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('on a device it never used, gets in through "Forgot password?": the reset lifts the lock wrong passwords put on', async () => {
    const player = await createPlayer(t.app, t.database.db);
    for (let i = 0; i < 25; i++) await signIn(player.email, `wrong-${i}`, { from: `192.0.2.${i + 1}` });
    expect((await signIn(player.email, player.password, { from: '203.0.113.82' })).statusCode).toBe(429);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      remoteAddress: '203.0.113.82',
      headers: { origin: 'http://localhost:3000' },
      payload: { email: player.email, redirectTo: '/reset-password' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const token = new URL((await latestMailTo(t.database.db, player.email)).link!).pathname.split('/').at(-1)!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: '203.0.113.82',
      headers: { origin: 'http://localhost:3000' },
      payload: { token, newPassword: 'a fresh password' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const fresh = await signIn(player.email, 'a fresh password', { from: '203.0.113.82' });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });
});

describe('the account name', () => {
  it('update-user refuses a 900 KB name (and any name longer than a display name) and changes nothing', async () => {
    const player = await createPlayer(t.app, t.database.db);
    const [before] = await t.database.db.select({ name: user.name }).from(user).where(eq(user.id, player.id));
    for (const name of ['x'.repeat(900_000), 'x'.repeat(21), 42]) {
      const response = await request(t.app, { method: 'POST', url: '/api/auth/update-user', cookie: player.cookie, payload: { name } });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
    const [after] = await t.database.db.select({ name: user.name }).from(user).where(eq(user.id, player.id));
    expect(after.name).toBe(before.name);
    const fine = await request(t.app, {
      method: 'POST',
      url: '/api/auth/update-user',
      cookie: player.cookie,
      payload: { name: 'Ada Lovelace' },
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('sign-up refuses an overlong name too, and creates no account', async () => {
    const email = `long-name-${Date.now()}@example.test`;
    const response = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'secret-password', name: 'y'.repeat(5000) },
    });
    expect(response.statusCode).toBe(400);
    expect(await t.database.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
  });
});

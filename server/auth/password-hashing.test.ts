/**
 * The hashing queue through the real auth routes (docs/decisions/054): a sign-up's password stays sealed until its
 * address is confirmed, then is hashed for good; and a sign-in that cannot get a hash in time is answered 503 AUTH_BUSY
 * with a Retry-After, not held. The second app's key derivation is scrypt's stand-in whose verifications wait until
 * the test lets them finish, so "the queue is full" is a state the test sets, not a race.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authErrorCodes } from '@contracts/auth.rules';
import { account, user } from '../db/tables/auth.tables';
import { capturedMail } from '../db/tables/mail.tables';
import { latestMailTo, mailedCode } from '../../tests/support/players';
import { quickPasswordHasher } from '../../tests/support/quick-password-hasher';
import { cookiesFrom, createTestApp, TEST_ORIGIN, uniqueEmail, type TestApp } from '../../tests/support/test-app';

const post = (t: TestApp, url: string, payload: object, remoteAddress = '198.51.100.7', cookie = '') =>
  t.app.inject({ method: 'POST', url, remoteAddress, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) }, payload });

async function storedPassword(t: TestApp, email: string) {
  const [row] = await t.database.db
    .select({ password: account.password })
    .from(account)
    .innerJoin(user, eq(user.id, account.userId))
    .where(eq(user.email, email));
  return row?.password;
}

const mailsTo = async (t: TestApp, email: string) =>
  (await t.database.db.select({ id: capturedMail.id }).from(capturedMail).where(eq(capturedMail.to, email))).length;

/** Signs up and types the code in the same browser (its proof of the password: account-claim.ts keeps it). */
async function confirmedPlayer(t: TestApp, email: string, password: string) {
  const signUp = await post(t, '/api/auth/sign-up/email', { email, password, name: '' });
  expect(signUp.statusCode).toBe(200);
  const code = mailedCode((await latestMailTo(t.database.db, email)).text)!;
  expect((await post(t, '/api/auth/email-otp/verify-email', { email, otp: code }, undefined, cookiesFrom(signUp))).statusCode).toBe(200);
}

describe('a sign-up password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is sealed (not hashed, not readable) until the address is confirmed, then hashed with scrypt', async () => {
    const email = uniqueEmail('sealed');
    const signUp = await post(t, '/api/auth/sign-up/email', { email, password: 'secret12', name: '' });
    expect(signUp.statusCode).toBe(200);
    const sealed = await storedPassword(t, email);
    expect(sealed).toMatch(/^pending\$/);
    expect(sealed).not.toContain('secret12');
    // Unconfirmed: the right password is told apart from a wrong one only by confirming (the one refusal for both).
    expect((await post(t, '/api/auth/sign-in/email', { email, password: 'secret12' })).statusCode).toBe(401);
    // That sign-in mails a fresh code in the background, which replaces the first: the code to type is the second mail's.
    await expect.poll(() => mailsTo(t, email)).toBe(2);
    const code = mailedCode((await latestMailTo(t.database.db, email)).text)!;
    // Typed in the browser that signed up, which proves the password (account-claim.ts): it stays, and is hashed.
    expect((await post(t, '/api/auth/email-otp/verify-email', { email, otp: code }, undefined, cookiesFrom(signUp))).statusCode).toBe(200);
    // Hashed in the background: better-auth's format, salt:key in hex.
    await expect.poll(() => storedPassword(t, email), { timeout: 60_000 }).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect((await post(t, '/api/auth/sign-in/email', { email, password: 'secret12' }, '198.51.100.8')).statusCode).toBe(200);
    expect((await post(t, '/api/auth/sign-in/email', { email, password: 'wrong-one' }, '198.51.100.9')).statusCode).toBe(401);
  }, 120_000);
});

describe('a sign-in when the queue is full', () => {
  let t: TestApp;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        passwordHasher: {
          hash: quickPasswordHasher.hash,
          verify: async (data) => {
            await held;
            return quickPasswordHasher.verify(data);
          },
        },
        passwordHashing: { concurrency: 1, perLane: 1, deadlineMs: 60_000 },
      },
    );
  });
  afterAll(() => {
    release();
    return t?.close();
  });

  it('is answered 503 AUTH_BUSY with a Retry-After at once; the ones queued are answered when their turn comes', async () => {
    const email = uniqueEmail('busy');
    await confirmedPlayer(t, email, 'secret12');
    await expect.poll(() => storedPassword(t, email), { timeout: 60_000 }).not.toMatch(/^pending\$/);
    const signIn = () => post(t, '/api/auth/sign-in/email', { email, password: 'secret12' });
    // One verifying (held), one waiting in the lane: the lane is full.
    const first = signIn();
    await expect.poll(() => t.app.passwordHashingStats().running).toBe(1);
    const second = signIn();
    await expect.poll(() => t.app.passwordHashingStats().queued).toBe(1);
    const refused = await signIn();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ code: authErrorCodes.busy });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    release();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
  }, 120_000);
});

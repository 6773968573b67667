import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { user as authUser, verification } from '../db/tables/auth.tables';
import { followLink, latestMailTo, mailedCode } from '../../tests/support/players';
import { cookiesFrom, createTestApp, request, uniqueEmail, type TestApp } from '../../tests/support/test-app';
import { VERIFICATION_CODE, VERIFICATION_LINK_SECONDS } from './auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const CALLBACK = '/auth?from=mail-link';

async function signUp(email = uniqueEmail()) {
  const response = await request(t.app, {
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, password: 'secret12', name: '', callbackURL: CALLBACK },
  });
  expect(response.statusCode).toBe(200);
  const mail = await latestMailTo(t.database.db, email);
  const code = mailedCode(mail.text);
  expect(code, 'the mail carries a code').toMatch(new RegExp(`^\\d{${VERIFICATION_CODE.length}}$`));
  return { email, mail, code: code! };
}

const verifyCode = (email: string, otp: string) =>
  request(t.app, { method: 'POST', url: '/api/auth/email-otp/verify-email', payload: { email, otp } });
const getSession = (cookie: string) => request(t.app, { method: 'GET', url: '/api/auth/get-session', cookie });
const wrongCode = (code: string) => String((Number(code) + 1) % 10 ** VERIFICATION_CODE.length).padStart(VERIFICATION_CODE.length, '0');

describe('verification code from the sign-up mail', () => {
  it('puts the code beside the link, in the text and the HTML', async () => {
    const { mail, code } = await signUp();
    expect(mail.link).toContain('/api/auth/verify-email?token=');
    expect(mail.html).toContain(code);
  });

  it('the right code verifies the e-mail and signs in, in the same request', async () => {
    const { email, code } = await signUp();
    const response = await verifyCode(email, code);
    expect(response.statusCode).toBe(200);
    const cookie = cookiesFrom(response);
    expect(cookie).toContain('session_token');
    const session = await getSession(cookie);
    expect(session.json().user.email).toBe(email);
    expect(session.json().user.emailVerified).toBe(true);
  });

  it('a wrong code is refused, signs nobody in, and the right one still works afterwards', async () => {
    const { email, code } = await signUp();
    const wrong = await verifyCode(email, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_OTP');
    expect(cookiesFrom(wrong)).not.toContain('session_token');
    const right = await verifyCode(email, code);
    expect(right.statusCode).toBe(200);
  });

  it('a used code cannot be used again', async () => {
    const { email, code } = await signUp();
    expect((await verifyCode(email, code)).statusCode).toBe(200);
    const again = await verifyCode(email, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_OTP');
    expect(cookiesFrom(again)).not.toContain('session_token');
  });

  it('an expired code says so and signs nobody in', async () => {
    const { email, code } = await signUp();
    await t.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(like(verification.identifier, '%otp%'), like(verification.identifier, `%${email}`)));
    const response = await verifyCode(email, code);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('OTP_EXPIRED');
    expect(cookiesFrom(response)).not.toContain('session_token');
  });

  it(`after ${VERIFICATION_CODE.allowedAttempts} wrong tries even the right code is refused`, async () => {
    const { email, code } = await signUp();
    for (let i = 0; i < VERIFICATION_CODE.allowedAttempts; i++) {
      expect((await verifyCode(email, wrongCode(code))).statusCode).toBe(400);
    }
    const right = await verifyCode(email, code);
    expect(right.statusCode).toBe(403);
    expect(right.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(cookiesFrom(right)).not.toContain('session_token');
    const [row] = await t.database.db
      .select()
      .from(verification)
      .where(like(verification.identifier, `%otp-${email}`));
    expect(row, 'the code is gone').toBeUndefined();
  });

  it('resending the verification mail issues a new code; the new one works', async () => {
    const { email, code: first } = await signUp();
    const resend = await request(t.app, {
      method: 'POST',
      url: '/api/auth/send-verification-email',
      payload: { email, callbackURL: CALLBACK },
    });
    expect(resend.statusCode).toBe(200);
    const mail = await latestMailTo(t.database.db, email);
    const second = mailedCode(mail.text)!;
    const response = await verifyCode(email, second);
    expect(response.statusCode).toBe(200);
    if (second !== first) expect((await verifyCode(email, first)).statusCode).toBe(400);
  });

  it('keeps the link working beside the code', async () => {
    const { mail, email } = await signUp();
    const { response, cookie } = await followLink(t.app, mail.link!);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(CALLBACK);
    expect((await getSession(cookie)).json().user.email).toBe(email);
  });

  it('a bad or expired link comes back to /auth with a reason instead of landing silently', async () => {
    const { mail } = await signUp();
    const broken = mail.link!.replace(/token=([^&]+)/, (_m, token: string) => `token=${token.slice(0, -4)}AAAA`);
    const { response } = await followLink(t.app, broken);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${CALLBACK}&error=INVALID_TOKEN`);
  });

  it('an expired link comes back to /auth saying it expired, and signs nobody in', async () => {
    // The link is a signed token with its expiry inside, so there is no row to age: it is issued in the past instead
    // (only Date is faked, only while signing up; the server checks it at the real time).
    vi.useFakeTimers({ toFake: ['Date'] });
    let signedUp: Awaited<ReturnType<typeof signUp>>;
    try {
      vi.setSystemTime(Date.now() - (VERIFICATION_LINK_SECONDS + 60) * 1000);
      signedUp = await signUp();
    } finally {
      vi.useRealTimers();
    }
    const { response, cookie } = await followLink(t.app, signedUp.mail.link!);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${CALLBACK}&error=TOKEN_EXPIRED`);
    expect(cookie).not.toContain('session_token');
    const [user] = await t.database.db.select().from(authUser).where(eq(authUser.email, signedUp.email));
    expect(user.emailVerified).toBe(false);
  });

  it('keeps the plugin’s other flows (code sign-in, code password reset) switched off', async () => {
    const email = uniqueEmail();
    for (const url of ['/api/auth/email-otp/send-verification-otp', '/api/auth/sign-in/email-otp', '/api/auth/forget-password/email-otp']) {
      const response = await request(t.app, { method: 'POST', url, payload: { email, type: 'sign-in', otp: '123456' } });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('refuses a malformed body with a 4xx', async () => {
    const response = await request(t.app, { method: 'POST', url: '/api/auth/email-otp/verify-email', payload: { email: 'x' } });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

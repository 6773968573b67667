// docs/decisions/010 and 029: older reset links die with a reset; one verification link used 20 times at once signs in once;
// an unverified account with the right password gets the same 401 as a wrong one.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../db/tables/auth.tables';
import { createPlayer, followLink, latestMailTo } from '../../tests/support/players';
import { SIGN_IN_REFUSED } from './auth-hardening';
import { cookiesFrom, createTestApp, request, type TestApp } from '../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function resetToken(email: string): Promise<string> {
  const ask = await request(t.app, {
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email, redirectTo: '/reset-password' },
  });
  expect(ask.statusCode).toBe(200);
  const { response } = await followLink(t.app, (await latestMailTo(t.database.db, email)).link!);
  return new URL(response.headers.location as string, 'http://x').searchParams.get('token')!;
}

const resetWith = (token: string, newPassword: string) =>
  request(t.app, { method: 'POST', url: '/api/auth/reset-password', payload: { newPassword, token } });

describe('password reset links', () => {
  it('invalidates every older reset link once a newer one was used', async () => {
    const player = await createPlayer(t.app, t.database.db);
    const older = await resetToken(player.email);
    const newer = await resetToken(player.email);
    expect(older).not.toBe(newer);
    expect((await resetWith(newer, 'newest-password')).statusCode).toBe(200);

    const stale = await resetWith(older, 'attacker-password');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().code).toBe('INVALID_TOKEN');
    const signIn = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: player.email, password: 'newest-password' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it("leaves another player's reset link alone", async () => {
    const a = await createPlayer(t.app, t.database.db);
    const b = await createPlayer(t.app, t.database.db);
    const tokenB = await resetToken(b.email);
    expect((await resetWith(await resetToken(a.email), 'a-new-password')).statusCode).toBe(200);
    expect((await resetWith(tokenB, 'b-new-password')).statusCode).toBe(200);
  });
});

describe('verification links', () => {
  it('one link used 20 times at once creates exactly one session', async () => {
    const player = await createPlayer(t.app, t.database.db, { verify: false });
    const link = (await latestMailTo(t.database.db, player.email)).link!;
    const uses = await Promise.all(Array.from({ length: 20 }, () => followLink(t.app, link)));
    for (const use of uses) expect(use.response.statusCode).toBe(302);
    expect(uses.filter((use) => use.cookie.includes('session_token'))).toHaveLength(1);
    expect(await t.database.db.select().from(session).where(eq(session.userId, player.id))).toHaveLength(1);
  });

  it('a forged token records nothing and is refused', async () => {
    const response = await request(t.app, { method: 'GET', url: '/api/auth/verify-email?token=not-a-jwt', navigation: true });
    expect(response.statusCode).toBe(401);
  });
});

describe('signing in before verifying', () => {
  it('answers 401 like a wrong password (no password oracle), and sets no cookie', async () => {
    const player = await createPlayer(t.app, t.database.db, { verify: false });
    const signIn = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: player.email, password: player.password },
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json()).toEqual(SIGN_IN_REFUSED);
    // No session: only the cookie every refusal sets alike (account-claim.ts).
    expect(cookiesFrom(signIn)).toMatch(/^gg_password_proof=[\w-]{43}$/);
    const wrong = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: player.email, password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(signIn.json());
    expect(cookiesFrom(wrong)).toMatch(/^gg_password_proof=[\w-]{43}$/);
  });
});

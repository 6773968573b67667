import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, user } from '../db/tables/auth.tables';
import { startOidcIssuer, type OidcIssuer } from '../../tests/support/oidc-issuer';
import { createPlayer } from '../../tests/support/players';
import { cookiesFrom, createTestApp, request, uniqueEmail, type TestApp } from '../../tests/support/test-app';

let issuer: OidcIssuer;
let t: TestApp;
beforeAll(async () => {
  // The issuer must answer discovery before the app starts: better-auth reads it once at start-up.
  issuer = await startOidcIssuer();
  t = await createTestApp({ GOOGLE_CLIENT_ID: 'gg-test-client', GOOGLE_CLIENT_SECRET: 'gg-test-secret', GOOGLE_ISSUER: issuer.url });
});
afterAll(async () => {
  await t?.close();
  await issuer?.stop();
});

/** The whole OpenID Connect round trip as a browser does it: our server → the issuer → back to our callback. */
async function signInWithGoogle(loginHint: string, cookie = '') {
  const start = await request(t.app, {
    method: 'POST',
    url: '/api/auth/sign-in/social',
    cookie,
    payload: { provider: 'google', callbackURL: '/play', errorCallbackURL: '/auth', loginHint },
  });
  expect(start.statusCode).toBe(200);
  const authorizeUrl = new URL(start.json().url);
  expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${issuer.url}/authorize`);
  expect(authorizeUrl.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
  expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizeUrl.searchParams.get('nonce')).toBeTruthy();

  const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const callback = new URL(authorize.headers.get('location')!);
  expect(callback.origin).toBe('http://localhost:3000');

  const back = await request(t.app, {
    method: 'GET',
    url: callback.pathname + callback.search,
    cookie: cookiesFrom(start, cookie),
    navigation: true,
  });
  return { back, cookie: cookiesFrom(back, cookiesFrom(start, cookie)) };
}

describe('Google sign-in through OpenID Connect', () => {
  it('advertises Google in the public config', async () => {
    expect((await request(t.app, { method: 'GET', url: '/api/config' })).json().googleEnabled).toBe(true);
  });

  it("creates a verified player named after the ID token's name, signed in and sent to /play", async () => {
    const email = 'grace.hopper@gmail.test';
    const { back, cookie } = await signInWithGoogle(email);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/play');

    const session = (await request(t.app, { method: 'GET', url: '/api/auth/get-session', cookie })).json();
    expect(session.user).toMatchObject({ email, name: 'Grace Hopper', emailVerified: true, role: 'player' });
    const [linked] = await t.database.db.select().from(account).where(eq(account.userId, session.user.id));
    expect(linked).toMatchObject({ providerId: 'google', accountId: `google-${email}` });
    expect(linked.password).toBeNull();
  });

  it('signs the same Google account into the same player the second time', async () => {
    const email = 'alan.turing@gmail.test';
    const first = await signInWithGoogle(email);
    const second = await signInWithGoogle(email);
    const ids = await Promise.all(
      [first.cookie, second.cookie].map(
        async (cookie) => (await request(t.app, { method: 'GET', url: '/api/auth/get-session', cookie })).json().user.id,
      ),
    );
    expect(ids[0]).toBe(ids[1]);
    expect(await t.database.db.select().from(user).where(eq(user.email, email))).toHaveLength(1);
  });

  it('links Google to an existing e-mail account of the same address (Google verifies addresses)', async () => {
    const email = uniqueEmail('both');
    const player = await createPlayer(t.app, t.database.db, { email });
    const { back, cookie } = await signInWithGoogle(email);
    expect(back.headers.location).toBe('/play');
    const session = (await request(t.app, { method: 'GET', url: '/api/auth/get-session', cookie })).json();
    expect(session.user.id).toBe(player.id);
    const providers = (await t.database.db.select().from(account).where(eq(account.userId, player.id))).map((row) => row.providerId).sort();
    expect(providers).toEqual(['credential', 'google']);
  });

  it('refuses a callback whose state was not issued to this browser', async () => {
    const start = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: '/play', errorCallbackURL: '/auth' },
    });
    const authorize = await fetch(start.json().url, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);
    // No state cookie: someone else's browser finishing this flow.
    const back = await request(t.app, { method: 'GET', url: callback.pathname + callback.search, navigation: true });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toMatch(/^\/auth\?error=|^http:\/\/localhost:3000\/auth\?error=|\/api\/auth\/error/);
    expect(cookiesFrom(back)).not.toContain('session_token');
  });
});

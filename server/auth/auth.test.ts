import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../db/tables/auth.tables';
import { createPlayer, followLink, latestMailTo } from '../../tests/support/players';
import { cookiesFrom, createTestApp, request, uniqueEmail, type TestApp } from '../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const getSession = (cookie: string) => request(t.app, { method: 'GET', url: '/api/auth/get-session', cookie });

describe('e-mail sign-up and verification', () => {
  it('sends a verification mail; following it verifies and signs in', async () => {
    const email = uniqueEmail();
    const signUp = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'secret1', name: '', callbackURL: '/play' },
    });
    expect(signUp.statusCode).toBe(200);
    expect(cookiesFrom(signUp)).not.toContain('session_token');

    const mail = await latestMailTo(t.database.db, email);
    expect(mail.subject).toMatch(/confirm/i);
    expect(mail.link).toContain('/api/auth/verify-email?token=');

    const { response, cookie } = await followLink(t.app, mail.link!);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/play');
    const session = await getSession(cookie);
    expect(session.json().user.email).toBe(email);
    expect(session.json().user.emailVerified).toBe(true);
    expect(session.json().user.role).toBe('player');
  });

  it('refuses sign-in before verification with the one refusal (which says what to do), and can resend the link', async () => {
    const player = await createPlayer(t.app, t.database.db, { verify: false });
    const signIn = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: player.email, password: player.password },
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().code).toBe('INVALID_EMAIL_OR_PASSWORD');
    expect(signIn.json().message).toMatch(/not confirmed your e-mail yet/i);
    // Only the cookie every refusal sets alike (account-claim.ts), never a session.
    expect(cookiesFrom(signIn)).toMatch(/^gg_password_proof=[\w-]{43}$/);

    const before = await latestMailTo(t.database.db, player.email);
    const resend = await request(t.app, {
      method: 'POST',
      url: '/api/auth/send-verification-email',
      payload: { email: player.email, callbackURL: '/play' },
    });
    expect(resend.statusCode).toBe(200);
    const after = await latestMailTo(t.database.db, player.email);
    expect(after.id).toBeGreaterThan(before.id);
  });

  it('enforces the 6-character minimum password and a well-formed e-mail', async () => {
    const short = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: uniqueEmail(), password: '12345', name: '' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('PASSWORD_TOO_SHORT');
    const badEmail = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'not-an-email', password: '123456', name: '' },
    });
    expect(badEmail.statusCode).toBe(400);
  });

  it('does not reveal whether an e-mail is registered when signing up again', async () => {
    const player = await createPlayer(t.app, t.database.db);
    const again = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: player.email, password: 'another-pass', name: '' },
    });
    const fresh = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: uniqueEmail(), password: 'another-pass', name: '' },
    });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(again.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
  });

  it('never lets sign-up choose a role', async () => {
    const email = uniqueEmail();
    await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'secret12', name: '', role: 'organizer' },
    });
    const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
    expect(row?.role ?? 'player').toBe('player');
  });
});

describe('sessions', () => {
  it('keeps the session in an httpOnly, SameSite cookie', async () => {
    const player = await createPlayer(t.app, t.database.db, { verify: false });
    await t.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, player.id));
    const signIn = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: player.email, password: player.password },
    });
    expect(signIn.statusCode).toBe(200);
    const raw = [signIn.headers['set-cookie']].flat().join('\n');
    expect(raw).toMatch(/session_token=[^;]+;.*HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);
  });

  it('signing out ends every session of the player (global sign-out)', async () => {
    const player = await createPlayer(t.app, t.database.db);
    const secondDevice = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: player.email, password: player.password },
    });
    const secondCookie = cookiesFrom(secondDevice);
    expect((await getSession(secondCookie)).json()?.user.id).toBe(player.id);

    const signOut = await request(t.app, { method: 'POST', url: '/api/auth/sign-out', cookie: player.cookie, payload: {} });
    expect(signOut.statusCode).toBe(200);
    expect((await getSession(player.cookie)).json()).toBeNull();
    expect((await getSession(secondCookie)).json()).toBeNull();
  });
});

describe('password reset', () => {
  it('mails a link; the token sets a new password, old sessions end, the new password signs in', async () => {
    const player = await createPlayer(t.app, t.database.db);
    const ask = await request(t.app, {
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: player.email, redirectTo: '/reset-password' },
    });
    expect(ask.statusCode).toBe(200);
    const mail = await latestMailTo(t.database.db, player.email);
    expect(mail.subject).toMatch(/reset/i);

    const { response } = await followLink(t.app, mail.link!);
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string, 'http://x');
    expect(location.pathname).toBe('/reset-password');
    const token = location.searchParams.get('token')!;
    expect(token).toBeTruthy();

    const reset = await request(t.app, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'brand-new-pass', token },
    });
    expect(reset.statusCode).toBe(200);
    expect((await getSession(player.cookie)).json()).toBeNull();

    const oldPassword = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: player.email, password: player.password },
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: player.email, password: 'brand-new-pass' },
    });
    expect(newPassword.statusCode).toBe(200);
  });

  it('answers the same for an unknown e-mail (no account enumeration) and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const ask = await request(t.app, {
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email, redirectTo: '/reset-password' },
    });
    expect(ask.statusCode).toBe(200);
    await expect(latestMailTo(t.database.db, email)).rejects.toThrow(/no mail/);
  });
});

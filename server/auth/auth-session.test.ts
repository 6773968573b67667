import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, user } from '../db/tables/auth.tables';
import { createPlayer } from '../../tests/support/players';
import { readsFrom, statementsDuring } from '../../tests/support/statements';
import { request, createTestApp, type TestApp } from '../../tests/support/test-app';

const DAY = 24 * 60 * 60 * 1000;
const SESSION_DAYS = 14;

describe('session cookies in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'production-secret-production-secret-0123' });
  });
  afterAll(() => t?.close());

  it('marks the session cookie Secure and httpOnly (with the __Secure- prefix)', async () => {
    const player = await createPlayer(t.app, t.database.db, { verify: false });
    await t.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, player.id));
    const signIn = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: player.email, password: player.password },
    });
    expect(signIn.statusCode).toBe(200);
    const sessionCookie = [signIn.headers['set-cookie']].flat().find((cookie) => String(cookie).includes('session_token='));
    expect(sessionCookie).toMatch(/^__Secure-better-auth\.session_token=/);
    expect(sessionCookie).toMatch(/; Secure/i);
    expect(sessionCookie).toMatch(/; HttpOnly/i);
    // The prefixed cookie signs the player in, read directly (one statement: session-reader.ts), not by better-auth.
    const cookie = String(sessionCookie).split(';')[0];
    const { result, statements } = await statementsDuring(t.database.db, () =>
      request(t.app, { method: 'GET', url: '/api/game/current', cookie }),
    );
    expect(result.statusCode).toBe(200);
    expect(statements.filter((statement) => readsFrom(statement, 'session', 'user'))).toEqual([
      expect.stringMatching(/from "session" inner join "user"/i),
    ]);
  });
});

describe('sliding sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const sessionRow = async (userId: string) => (await t.database.db.select().from(session).where(eq(session.userId, userId)))[0];

  it('starts a session that lasts two weeks', async () => {
    const player = await createPlayer(t.app, t.database.db);
    const row = await sessionRow(player.id);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan((SESSION_DAYS - 0.01) * DAY);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(SESSION_DAYS * DAY);
  });

  it('pushes the expiry out again when a session older than a day is used', async () => {
    const player = await createPlayer(t.app, t.database.db);
    // Pretend the session was last renewed two days ago.
    const twoDaysAgo = new Date(Date.now() - 2 * DAY);
    const agedExpiry = new Date(twoDaysAgo.getTime() + SESSION_DAYS * DAY);
    await t.database.db.update(session).set({ updatedAt: twoDaysAgo, expiresAt: agedExpiry }).where(eq(session.userId, player.id));

    const response = await request(t.app, { method: 'GET', url: '/api/auth/get-session', cookie: player.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(player.id);

    const renewed = await sessionRow(player.id);
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(agedExpiry.getTime() + 1.9 * DAY);
    expect(renewed.expiresAt.getTime() - Date.now()).toBeGreaterThan((SESSION_DAYS - 0.01) * DAY);
    // The browser's cookie is renewed too, so it doesn't expire before the session does.
    expect(String(response.headers['set-cookie'] ?? '')).toMatch(/session_token=.*Max-Age=\d+/);
  });

  it('leaves a fresh session alone (no write on every request)', async () => {
    const player = await createPlayer(t.app, t.database.db);
    const before = await sessionRow(player.id);
    await request(t.app, { method: 'GET', url: '/api/auth/get-session', cookie: player.cookie });
    const after = await sessionRow(player.id);
    expect(after.expiresAt.getTime()).toBe(before.expiresAt.getTime());
    expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());
  });

  it('refuses an expired session', async () => {
    const player = await createPlayer(t.app, t.database.db);
    await t.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, player.id));
    const response = await request(t.app, { method: 'GET', url: '/api/auth/get-session', cookie: player.cookie });
    expect(response.json()).toBeNull();
  });
});

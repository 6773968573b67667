/**
 * The direct session read (session-reader.ts): on the common path the same session and user better-auth's getSession
 * returns, in one statement; every other case is better-auth's, which deletes, refreshes and refuses as it always has.
 */
import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../db/tables/auth.tables';
import { createGamer, importDemoPack } from '../../tests/support/game';
import { createPlayer, type TestPlayer } from '../../tests/support/players';
import { readsFrom, statementsDuring } from '../../tests/support/statements';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';
import { createSessionReader, verifiedToken } from './session-reader';

let t: TestApp;
let read: ReturnType<typeof createSessionReader>;
beforeAll(async () => {
  t = await createTestApp();
  await importDemoPack(t);
  read = createSessionReader(t.app.auth, t.database.db);
});
afterAll(async () => {
  await t?.close();
});

const COOKIE = 'better-auth.session_token';
const sessionCookieOf = (player: TestPlayer) => player.cookie.split('; ').find((pair) => pair.startsWith(`${COOKIE}=`))!;
const tokenOf = (player: TestPlayer) => decodeURIComponent(sessionCookieOf(player).slice(COOKIE.length + 1)).split('.')[0];
const betterAuthsAnswer = (cookie: string) => t.app.auth.api.getSession({ headers: new Headers({ cookie }) });
const setExpiry = (player: TestPlayer, expiresAt: ReturnType<typeof sql>) =>
  t.database.db
    .update(session)
    .set({ expiresAt })
    .where(eq(session.token, tokenOf(player)));
const sessionRow = async (player: TestPlayer) =>
  (
    await t.database.db
      .select()
      .from(session)
      .where(eq(session.token, tokenOf(player)))
  )[0];
const pageLoad = (cookie: string) => request(t.app, { method: 'GET', url: '/api/game/current', cookie });

/** The statements that read the session or user tables while `fn` runs, as the database driver was handed them. */
async function authReadsDuring<T>(fn: () => Promise<T>): Promise<{ result: T; reads: string[] }> {
  const { result, statements } = await statementsDuring(t.database.db, fn);
  return { result, reads: statements.filter((statement) => readsFrom(statement, 'session', 'user')) };
}

describe('the direct session read', () => {
  it("returns exactly what better-auth's getSession returns, for a player and for an organizer", async () => {
    const player = await createGamer(t);
    const organizer = await createPlayer(t.app, t.database.db, { role: 'organizer' });
    for (const someone of [player, organizer]) {
      const direct = await read(someone.cookie);
      expect(direct).toBeTruthy();
      expect(direct).toEqual(await betterAuthsAnswer(someone.cookie));
    }
    expect((await read(organizer.cookie))!.user).toMatchObject({ id: organizer.id, role: 'organizer' });
    expect((await read(player.cookie))!.user).toMatchObject({ id: player.id, role: 'player' });
  });

  it("a page load reads its session in one statement (better-auth's own read takes two: the session, then its user)", async () => {
    const player = await createGamer(t);
    const { result, reads } = await authReadsDuring(() => pageLoad(player.cookie));
    expect(result.statusCode).toBe(200);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/from "session" inner join "user"/i);
    // better-auth's, for comparison: what every page load cost before.
    const theirs = await authReadsDuring(() => betterAuthsAnswer(player.cookie));
    expect(theirs.result?.user.id).toBe(player.id);
    expect(theirs.reads.length).toBeGreaterThan(1);
  });

  it('answers nobody without a session cookie', async () => {
    expect(await read(undefined)).toBeNull();
    expect(await read('')).toBeNull();
    expect(await read('theme=dark; gg_device=abc')).toBeNull();
  });

  it('leaves a forged, doubled or "don\'t remember me" cookie to better-auth, and the guards refuse a forged one', async () => {
    const player = await createGamer(t);
    const cookie = sessionCookieOf(player);
    const value = decodeURIComponent(cookie.slice(COOKIE.length + 1));
    const [token] = value.split('.');
    const forgedSignature = `${COOKIE}=${encodeURIComponent(`${token}.${createHmac('sha256', 'not-the-secret').update(token).digest('base64')}`)}`;
    const otherToken = `${COOKIE}=${encodeURIComponent(`${token}x.${value.split('.')[1]}`)}`;
    for (const forged of [forgedSignature, otherToken, `${COOKIE}=${token}`, `${COOKIE}=%E0%A4%A`]) {
      expect(await read(forged)).toBeUndefined();
      expect(await betterAuthsAnswer(forged)).toBeNull();
      const refused = await pageLoad(forged);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ code: 'NO_SESSION', message: 'No active session found' });
    }
    expect(await read(`${cookie}; ${cookie}`)).toBeUndefined();
    expect(await read(cookie.replace('=', ' ='))).toBeUndefined();
    expect(await read(`${player.cookie}; better-auth.dont_remember=x`)).toBeUndefined();
    expect((await pageLoad(`${cookie}; ${cookie}`)).statusCode).toBe(200);
  });

  it('leaves an expired session to better-auth, which refuses it and deletes it', async () => {
    const player = await createGamer(t);
    await setExpiry(player, sql`now() - interval '1 minute'`);
    expect(await read(player.cookie)).toBeUndefined();
    expect((await pageLoad(player.cookie)).statusCode).toBe(401);
    expect(await sessionRow(player)).toBeUndefined();
  });

  it('leaves a session due for its sliding refresh to better-auth, which pushes its expiry out again', async () => {
    const player = await createGamer(t);
    // Sessions last 14 days and are pushed out when more than a day old: 12 days left is 2 days old.
    await setExpiry(player, sql`now() + interval '12 days'`);
    expect(await read(player.cookie)).toBeUndefined();
    expect((await pageLoad(player.cookie)).statusCode).toBe(200);
    const refreshed = (await sessionRow(player)).expiresAt.getTime();
    expect(refreshed).toBeGreaterThan(Date.now() + 13.9 * 24 * 3600 * 1000);
    // Refreshed, it is back on the direct path.
    expect((await read(player.cookie))?.user.id).toBe(player.id);
  });

  it('leaves a signed-out session to better-auth, which refuses it', async () => {
    const player = await createGamer(t);
    expect((await request(t.app, { method: 'POST', url: '/api/auth/sign-out', cookie: player.cookie, payload: {} })).statusCode).toBe(200);
    expect(await read(player.cookie)).toBeUndefined();
    expect((await pageLoad(player.cookie)).statusCode).toBe(401);
  });
});

describe('verifiedToken', () => {
  const secret = 'a-secret-a-secret-a-secret-a-secret';
  const sign = (token: string, key = secret) => encodeURIComponent(`${token}.${createHmac('sha256', key).update(token).digest('base64')}`);
  it('returns the token of a value signed with the secret, and null for anything else', () => {
    expect(verifiedToken(sign('abc'), secret)).toBe('abc');
    expect(verifiedToken(sign('a.b.c'), secret)).toBe('a.b.c');
    expect(verifiedToken(sign('abc', 'another-secret'), secret)).toBeNull();
    expect(verifiedToken(sign('abc').replace('abc', 'abd'), secret)).toBeNull();
    expect(verifiedToken('abc', secret)).toBeNull();
    expect(verifiedToken('.abc', secret)).toBeNull();
    expect(verifiedToken('%E0%A4%A', secret)).toBeNull();
    // The same bytes written another way (base64 without its padding) are not the signature better-auth wrote.
    expect(verifiedToken(sign('abc').replace(/%3D$/, ''), secret)).toBeNull();
  });
});

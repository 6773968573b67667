import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../db/tables/auth.tables';
import { attempts } from '../db/tables/game.tables';
import { eventSettings } from '../db/tables/event.tables';
import { sweepUnconfirmedPlayers } from '../players/unconfirmed-sweep';
import { createGamer, playFullGame, startGame } from '../../tests/support/game';
import { createPlayer, latestMailTo, mailedCode, type TestPlayer } from '../../tests/support/players';
import { cookiesFrom, request, uniqueEmail, type TestApp } from '../../tests/support/test-app';
import { openLiveBoardApp, type LiveBoardApp } from '../../tests/support/live-board';

// "Let players start before confirming their e-mail" (docs/decisions/039-play-first-confirm-later.md).
let live: LiveBoardApp;
let t: TestApp;
let organizer: TestPlayer;
beforeAll(async () => {
  live = await openLiveBoardApp({ SSE_HEARTBEAT_MS: '200' }, { organizer: true, backToBackGames: true });
  ({ t, organizer } = live);
});
afterAll(() => live?.close());

const PASSWORD = 'correct horse battery';
const setPlayFirst = (on: boolean, cookie = organizer.cookie) =>
  request(t.app, { method: 'PATCH', url: '/api/admin/event', cookie, payload: { playBeforeConfirming: on } });
const signUp = (email: string, password = PASSWORD) =>
  request(t.app, { method: 'POST', url: '/api/auth/sign-up/email', payload: { email, password, name: '' } });
const signIn = (email: string, password = PASSWORD) =>
  request(t.app, { method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
const sessionOf = async (cookie: string) => (await request(t.app, { method: 'GET', url: '/api/auth/get-session', cookie })).json();
const setName = (cookie: string, displayName: string) =>
  request(t.app, { method: 'PUT', url: '/api/profile', cookie, payload: { displayName } });
/** Everything a stranger can see: the board (with the booth's ticker), the landing's champion, the export. */
async function publicText() {
  const board = await request(t.app, { method: 'GET', url: '/api/leaderboard' });
  const champion = await request(t.app, { method: 'GET', url: '/api/leaderboard/champion' });
  return board.body + champion.body;
}
const winnersCsv = async () =>
  (await request(t.app, { method: 'GET', url: '/api/admin/winners.csv?top=100', cookie: organizer.cookie })).body;

/** Signs up with the option on: signed in at once, unconfirmed. */
async function playFirstPlayer(displayName: string): Promise<TestPlayer> {
  const email = uniqueEmail('playfirst');
  const response = await signUp(email);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().token).toEqual(expect.any(String));
  const cookie = cookiesFrom(response);
  expect((await setName(cookie, displayName)).statusCode).toBe(200);
  const [row] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return { id: row.id, email, password: PASSWORD, cookie };
}

describe('play first, confirm later', () => {
  it('is off by default: sign-up gives no session and the right password on an unconfirmed address is refused', async () => {
    const event = await request(t.app, { method: 'GET', url: '/api/admin/event', cookie: organizer.cookie });
    expect(event.json().playBeforeConfirming).toBe(false);
    const email = uniqueEmail('off');
    const response = await signUp(email);
    expect(response.statusCode).toBe(200);
    expect(response.json().token).toBeNull();
    expect(cookiesFrom(response)).not.toContain('session_token');
    const refused = await signIn(email);
    expect(refused.statusCode).toBe(401);
    expect(cookiesFrom(refused)).not.toContain('session_token');
  });

  it("is the organizer's switch: players get 403, anonymous 401, bad values 400", async () => {
    const player = await createPlayer(t.app, t.database.db);
    expect((await setPlayFirst(true, player.cookie)).statusCode).toBe(403);
    expect((await setPlayFirst(true, '')).statusCode).toBe(401);
    const bad = await request(t.app, {
      method: 'PATCH',
      url: '/api/admin/event',
      cookie: organizer.cookie,
      payload: { playBeforeConfirming: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    const [row] = await t.database.db.select({ on: eventSettings.playBeforeConfirming }).from(eventSettings);
    expect(row?.on ?? false).toBe(false);
  });

  it('on: an unconfirmed player plays at once, counts against the start budget, and stays off every public screen until confirming', async () => {
    const on = await setPlayFirst(true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().playBeforeConfirming).toBe(true);
    const stream = await live.connect();
    await stream.nextEvent('snapshot', { after: 0 });

    const early = await playFirstPlayer('EarlyBird');
    expect((await sessionOf(early.cookie)).user).toMatchObject({ email: early.email, emailVerified: false });
    const { attempt } = await playFullGame(t.app, early);
    expect(attempt.finalScore).toEqual(expect.any(Number));

    // A confirmed player finishing afterwards moves the stream on; the unconfirmed one is nowhere in it.
    const confirmed = await createGamer(t, 'ConfirmedOne');
    const seen = stream.events.length;
    await playFullGame(t.app, confirmed);
    // An update from before (the early game's finish) may still arrive first: wait for the one that names the player.
    await stream.waitFor(
      () => stream.events.slice(seen).some((event) => event.event === 'update' && event.data.includes('ConfirmedOne')),
      5000,
      'ConfirmedOne on the stream',
    );
    expect(stream.events.slice(seen).filter((event) => event.data.includes('EarlyBird'))).toEqual([]);
    expect(await publicText()).not.toContain('EarlyBird');
    expect(await winnersCsv()).not.toContain(early.email);
    const share = await request(t.app, { method: 'GET', url: `/s/${attempt.id}` });
    expect(share.body).not.toContain('EarlyBird');
    const me = await request(t.app, { method: 'GET', url: '/api/leaderboard/me', cookie: early.cookie });
    expect(me.statusCode).toBe(200);
    expect(JSON.stringify(me.json())).not.toContain('EarlyBird');

    // Pool and start protections count them like anyone: a cap of 1 more start refuses the next one.
    await t.database.db.update(eventSettings).set({ maxChallengesPerPlayer: 1 });
    const capped = await startGame(t.app, early);
    expect(capped.statusCode).toBe(403);
    expect(capped.json().code).toBe('CHALLENGE_CAP_REACHED');
    await t.database.db.update(eventSettings).set({ maxChallengesPerPlayer: null });

    // The code from the mail confirms the address: the score joins the board, and the stream says so.
    const code = mailedCode((await latestMailTo(t.database.db, early.email)).text)!;
    const before = stream.events.length;
    const verified = await request(t.app, {
      method: 'POST',
      url: '/api/auth/email-otp/verify-email',
      cookie: early.cookie,
      payload: { email: early.email, otp: code },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    await stream.waitFor(
      () => stream.events.slice(before).some((event) => event.data.includes('EarlyBird')),
      5000,
      'EarlyBird on the stream',
    );
    expect(await publicText()).toContain('EarlyBird');
    expect(await winnersCsv()).toContain(early.email);
  });

  it('on: the link confirms too; the right password signs an unconfirmed account in, a wrong one does not', async () => {
    const player = await playFirstPlayer('LinkFolk');
    await playFullGame(t.app, player);
    expect((await signIn(player.email, 'wrong password!')).statusCode).toBe(401);
    const again = await signIn(player.email);
    expect(again.statusCode, again.body).toBe(200);
    const otherDevice = cookiesFrom(again);
    expect((await sessionOf(otherDevice)).user).toMatchObject({ email: player.email, emailVerified: false });
    expect(await publicText()).not.toContain('LinkFolk');

    const { link } = await latestMailTo(t.database.db, player.email);
    const url = new URL(link!);
    // In the browser that signed up (elsewhere the link would drop the password and the games: account-claim.ts).
    const followed = await request(t.app, { method: 'GET', url: url.pathname + url.search, cookie: player.cookie, navigation: true });
    expect(followed.statusCode).toBe(302);
    expect(await publicText()).toContain('LinkFolk');
  });

  it('on: signing up again with an existing address answers alike and signs nobody in', async () => {
    const player = await playFirstPlayer('Twice');
    const response = await signUp(player.email, 'another password');
    expect(response.statusCode).toBe(200);
    expect(response.json().token).toBeNull();
    expect(cookiesFrom(response)).not.toContain('session_token');
  });

  it('the sweep deletes accounts never confirmed after 24 h, with their attempts; confirmed and younger ones stay', async () => {
    const db = t.database.db;
    const stale = await playFirstPlayer('StaleOne');
    const { attempt } = await playFullGame(t.app, stale);
    const young = await playFirstPlayer('YoungOne');
    const oldConfirmed = await createGamer(t, 'OldConfirmed');
    const ageOf = (id: string, hours: number) =>
      db
        .update(user)
        .set({ createdAt: sql`now() - ${hours} * interval '1 hour'` })
        .where(eq(user.id, id));
    await ageOf(stale.id, 25);
    await ageOf(young.id, 23);
    await ageOf(oldConfirmed.id, 48);

    expect(await sweepUnconfirmedPlayers(db)).toBe(1);
    const remaining = (await db.select({ id: user.id }).from(user)).map((row) => row.id);
    expect(remaining).not.toContain(stale.id);
    expect(remaining).toEqual(expect.arrayContaining([young.id, oldConfirmed.id, organizer.id]));
    expect(await db.select().from(attempts).where(eq(attempts.id, attempt.id))).toEqual([]);
    expect((await sessionOf(stale.cookie)) ?? null).toBeNull();
    // Two sweepers at once (two instances) delete each account once.
    await ageOf(young.id, 30);
    const [a, b] = await Promise.all([sweepUnconfirmedPlayers(db), sweepUnconfirmedPlayers(db)]);
    expect(a + b).toBe(1);
  });

  it("off again: today's flow (no session at sign-up)", async () => {
    expect((await setPlayFirst(false)).statusCode).toBe(200);
    const response = await signUp(uniqueEmail('off-again'));
    expect(response.json().token).toBeNull();
  });
});

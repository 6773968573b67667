import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPlayer } from '@contracts/admin-players';
import { createGamer, playFullGame, startGame } from '../../tests/support/game';
import { createPlayer, type TestPlayer } from '../../tests/support/players';
import { request, uniqueEmail, type TestApp } from '../../tests/support/test-app';
import { account, rateLimit, session, user, verification } from '../db/tables/auth.tables';
import { auditLog } from '../db/tables/audit.tables';
import { attempts } from '../db/tables/game.tables';
import { challenges } from '../db/tables/challenges.tables';
import { profiles } from '../db/tables/players.tables';
import { rateLimitCounters } from '../db/tables/limits.tables';
import { capturedMail, mailOutbox } from '../db/tables/mail.tables';
import { leaderboardArchives } from '../db/tables/leaderboard.tables';
import { boardOf, openLiveBoardApp, type LiveBoardApp } from '../../tests/support/live-board';

let live: LiveBoardApp;
let t: TestApp;
let organizer: TestPlayer;

beforeAll(async () => {
  live = await openLiveBoardApp({}, { organizer: true, backToBackGames: true });
  ({ t, organizer } = live);
});
afterAll(() => live?.close());

const admin = (method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  request(t.app, { method, url, payload, cookie: organizer.cookie });
const list = async (query: string) => {
  const response = await admin('GET', `/api/admin/players?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { players: AdminPlayer[]; total: number; page: number; pageSize: number };
};
async function liveBoard() {
  const client = await live.connect();
  await client.nextEvent('snapshot', { after: 0 });
  return client;
}

describe('GET /api/admin/players', () => {
  it('lists every column, searches by name or e-mail, sorts by each column and paginates', async () => {
    const tag = Math.random().toString(36).slice(2, 7);
    const a = await createGamer(t, `Alpha${tag}`);
    const b = await createGamer(t, `Bravo${tag}`);
    await request(t.app, {
      method: 'PUT',
      url: '/api/profile',
      cookie: b.cookie,
      payload: { displayName: `Bravo${tag}`, phoneNumber: '+49 170 000' },
    });
    await playFullGame(t.app, a, { guesses: ['x', 'y', 'z'] });
    await playFullGame(t.app, b);
    await playFullGame(t.app, b);

    const found = await list(`q=${tag}&sort=displayName&dir=asc`);
    expect(found.total).toBe(2);
    expect(found.players.map((p) => p.displayName)).toEqual([`Alpha${tag}`, `Bravo${tag}`]);
    const [alpha, bravo] = found.players;
    expect(bravo).toMatchObject({
      email: b.email,
      phone: '+49 170 000',
      role: 'player',
      hidden: false,
      gamesPlayed: 2,
      emailVerified: true,
    });
    expect(alpha.gamesPlayed).toBe(1);
    expect(alpha.latestScore).not.toBeNull();
    expect(alpha.rank).toBeGreaterThanOrEqual(1);
    // What breaks a tie on the board comes with the rank: the guess that reached the score, and thinking time.
    expect(alpha.boardGuessesUsed).toBeGreaterThanOrEqual(1);
    expect(alpha.boardThinkingSeconds).toBeGreaterThanOrEqual(0);
    expect(Date.parse(alpha.signedUpAt)).not.toBeNaN();
    expect(Date.parse(alpha.lastSeenAt!)).not.toBeNaN();

    // Search by e-mail (case-insensitive), LIKE wildcards taken literally.
    expect((await list(`q=${encodeURIComponent(a.email.toUpperCase())}`)).players.map((p) => p.id)).toEqual([a.id]);
    expect((await list('q=%25_%25')).total).toBe(0);

    // Each column sorts both ways (players without a value last).
    for (const sort of ['displayName', 'email', 'phone', 'score', 'rank', 'gamesPlayed', 'signedUpAt', 'lastSeenAt']) {
      const up = await list(`q=${tag}&sort=${sort}&dir=asc`);
      const down = await list(`q=${tag}&sort=${sort}&dir=desc`);
      expect(up.players).toHaveLength(2);
      expect(down.players).toHaveLength(2);
    }
    expect((await list(`q=${tag}&sort=gamesPlayed&dir=desc`)).players[0].id).toBe(b.id);
    expect((await list(`q=${tag}&sort=gamesPlayed&dir=asc`)).players[0].id).toBe(a.id);
    expect((await list(`q=${tag}&sort=phone&dir=asc`)).players[0].id).toBe(b.id);
    // Sorted by rank, the page carries the same ranks as any other listing.
    const ranksByName = new Map(found.players.map((p) => [p.id, p.rank]));
    const byRank = (await list(`q=${tag}&sort=rank&dir=asc`)).players;
    expect(byRank.map((p) => p.rank)).toEqual(byRank.map((p) => ranksByName.get(p.id)));
    const tieBreaks = new Map(found.players.map((p) => [p.id, [p.boardGuessesUsed, p.boardThinkingSeconds]]));
    expect(byRank.map((p) => [p.boardGuessesUsed, p.boardThinkingSeconds])).toEqual(byRank.map((p) => tieBreaks.get(p.id)));
    expect(byRank[0].rank!).toBeLessThan(byRank[1].rank!);

    // Pages split the result without overlap.
    const page1 = await list(`q=${tag}&sort=email&dir=asc&pageSize=1&page=1`);
    const page2 = await list(`q=${tag}&sort=email&dir=asc&pageSize=1&page=2`);
    const page3 = await list(`q=${tag}&sort=email&dir=asc&pageSize=1&page=3`);
    expect(page1.total).toBe(2);
    expect(new Set([page1.players[0].id, page2.players[0].id]).size).toBe(2);
    expect(page3).toMatchObject({ players: [], total: 2, page: 3 });
  });

  it('refuses bad queries with 400', async () => {
    for (const query of ['sort=password', 'dir=up', 'page=0', 'pageSize=5000']) {
      const response = await admin('GET', `/api/admin/players?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
  });
});

describe('PATCH /api/admin/players/:id', () => {
  it('renames and hides; every open live board hears of it; both are audited', async () => {
    const player = await createGamer(t, 'RenameMe');
    await playFullGame(t.app, player);
    // The board a viewer holds is the latest of its snapshot and updates (an update of the game's start may still be on
    // its way when the viewer connects): each step waits until that board says what it should.
    const board = await liveBoard();
    const latest = () => {
      const event = board.events.filter((e) => e.event === 'snapshot' || e.event === 'update').at(-1);
      return event ? boardOf(event).entries.map((e) => e.displayName) : [];
    };
    await board.waitFor(() => latest().includes('RenameMe'), 5000, 'the live board showing RenameMe');

    const renamed = await admin('PATCH', `/api/admin/players/${player.id}`, { displayName: '  Renamed ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().player.displayName).toBe('Renamed');
    await board.waitFor(() => latest().includes('Renamed') && !latest().includes('RenameMe'), 5000, 'the live board renaming');

    const hidden = await admin('PATCH', `/api/admin/players/${player.id}`, { hidden: true });
    expect(hidden.json().player).toMatchObject({ hidden: true, rank: null });
    await board.waitFor(() => !latest().includes('Renamed'), 5000, 'the live board hiding');

    const audit = (await admin('GET', '/api/admin/audit')).json().entries.filter((e: { targetId: string }) => e.targetId === player.id);
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['player.hide', 'player.rename']);
    expect(audit[1]).toMatchObject({ actor: organizer.email, targetLabel: 'RenameMe', details: { from: 'RenameMe', to: 'Renamed' } });

    const unhidden = await admin('PATCH', `/api/admin/players/${player.id}`, { hidden: false });
    expect(unhidden.json().player.hidden).toBe(false);
  });

  it("applies the players' own name rules and refuses bad input, changing nothing", async () => {
    const player = await createGamer(t, 'StaysPut');
    for (const payload of [
      {},
      { displayName: '' },
      { displayName: 'x'.repeat(21) },
      { displayName: 'fuck you' },
      { displayName: 'a\u200bb' },
      { hidden: 'yes' },
    ]) {
      const response = await admin('PATCH', `/api/admin/players/${player.id}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, player.id));
    expect(row).toMatchObject({ displayName: 'StaysPut', hidden: false });
    expect((await admin('PATCH', '/api/admin/players/nobody', { hidden: true })).statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/players/:id', () => {
  it('removes the player and every row about them, table by table; the board updates live; others are untouched', async () => {
    const db = t.database.db;
    const bystander = await createGamer(t, 'Bystander');
    const doomed = await createGamer(t, 'Doomed');
    await request(t.app, {
      method: 'PUT',
      url: '/api/profile',
      cookie: doomed.cookie,
      payload: { displayName: 'Doomed', phoneNumber: '+1 555 0100' },
    });
    await playFullGame(t.app, doomed);
    await playFullGame(t.app, bystander);
    // Archived while they were on the board, renamed (audited with their name), then a challenge left unfinished.
    expect(
      (await request(t.app, { method: 'POST', url: '/api/admin/leaderboard/reset', cookie: organizer.cookie, payload: {} })).statusCode,
    ).toBe(200);
    await playFullGame(t.app, doomed);
    await admin('PATCH', `/api/admin/players/${doomed.id}`, { displayName: 'DoomedToo' });
    const held = (await startGame(t.app, doomed)).json().attempt;
    // Their next challenge, chosen ahead (a column on their profile row: it goes with the row).
    expect((await request(t.app, { method: 'GET', url: '/api/game/next', cookie: doomed.cookie })).json().next).not.toBeNull();
    const [heldChallenge] = await db.select({ challengeId: attempts.challengeId }).from(attempts).where(eq(attempts.id, held.id));
    // A reset-password token and its mail; rate-limit rows keyed on the account, and one on an address.
    expect(
      (
        await request(t.app, {
          method: 'POST',
          url: '/api/auth/request-password-reset',
          payload: { email: doomed.email, redirectTo: '/reset-password' },
        })
      ).statusCode,
    ).toBe(200);
    await db.insert(rateLimit).values([
      { id: `rl-${doomed.id}`, key: `start:user:${doomed.id}`, count: 1, lastRequest: Date.now() },
      { id: `rl-mail-${doomed.id}`, key: `mail:${doomed.email}`, count: 1, lastRequest: Date.now() },
      { id: `rl-ip-${doomed.id}`, key: '203.0.113.9/sign-in/email', count: 1, lastRequest: Date.now() },
    ]);
    // The shared limit counters (server/limits) keyed on them, and a mail still waiting in the SMTP outbox.
    await db
      .insert(rateLimitCounters)
      .values([
        { key: `guess-user:${doomed.id}`, subject: doomed.id, count: 1, windowEndsAt: Date.now() + 60_000 },
        { key: `signin-account:${doomed.email}`, subject: doomed.email.toLowerCase(), count: 1, windowEndsAt: Date.now() + 60_000 },
      ])
      .onConflictDoNothing();
    await db.insert(mailOutbox).values({ to: doomed.email, subject: 'Waiting', text: 'x', html: 'x' });

    const rowsAbout = async () => ({
      user: (await db.select().from(user).where(eq(user.id, doomed.id))).length,
      session: (await db.select().from(session).where(eq(session.userId, doomed.id))).length,
      account: (await db.select().from(account).where(eq(account.userId, doomed.id))).length,
      profile: (await db.select().from(profiles).where(eq(profiles.id, doomed.id))).length,
      nextChallenge: (
        await db
          .select()
          .from(profiles)
          .where(and(eq(profiles.id, doomed.id), isNotNull(profiles.nextChallengeId)))
      ).length,
      attempts: (await db.select().from(attempts).where(eq(attempts.userId, doomed.id))).length,
      verification: (
        await db
          .select()
          .from(verification)
          .where(sql`${verification.value} = ${doomed.id} or strpos(${verification.identifier}, ${doomed.email}) > 0`)
      ).length,
      capturedMail: (await db.select().from(capturedMail).where(eq(capturedMail.to, doomed.email))).length,
      rateLimit: (
        await db
          .select()
          .from(rateLimit)
          .where(sql`strpos(${rateLimit.key}, ${doomed.id}) > 0 or strpos(${rateLimit.key}, ${doomed.email}) > 0`)
      ).length,
      limitCounters: (
        await db.select().from(rateLimitCounters).where(sql`${rateLimitCounters.subject} in (${doomed.id}, ${doomed.email.toLowerCase()})`)
      ).length,
      queuedMail: (await db.select().from(mailOutbox).where(eq(mailOutbox.to, doomed.email))).length,
      archivedEntries: (
        await db
          .select()
          .from(leaderboardArchives)
          .where(sql`${leaderboardArchives.entries}::text like ${`%${doomed.id}%`}`)
      ).length,
      auditLabels: (
        await db
          .select()
          .from(auditLog)
          .where(
            sql`${auditLog.targetId} = ${doomed.id} and (${auditLog.targetLabel} is not null or ${auditLog.details}::text like '%Doomed%')`,
          )
      ).length,
    });
    const before = await rowsAbout();
    for (const [table, count] of Object.entries(before)) expect(count, table).toBeGreaterThan(0);

    // The board a viewer holds is the latest of its snapshot and updates (an update of an earlier start may still be on
    // its way when the viewer connects): wait until it shows the doomed player, then until it drops them.
    const board = await liveBoard();
    const latestShows = () => {
      const latest = board.events.filter((e) => e.event === 'snapshot' || e.event === 'update').at(-1);
      return latest !== undefined && boardOf(latest).entries.some((e) => e.displayName === 'DoomedToo');
    };
    await board.waitFor(latestShows, 5000, 'the live board showing DoomedToo');
    const deleted = await admin('DELETE', `/api/admin/players/${doomed.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true, id: doomed.id });
    await board.waitFor(() => !latestShows(), 5000, 'the live board dropping DoomedToo');

    for (const [table, count] of Object.entries(await rowsAbout())) expect(count, table).toBe(0);
    // The address-keyed limit row stays; the bystander keeps everything.
    expect(
      await db
        .select()
        .from(rateLimit)
        .where(eq(rateLimit.id, `rl-ip-${doomed.id}`)),
    ).toHaveLength(1);
    expect(await db.select().from(attempts).where(eq(attempts.userId, bystander.id))).toHaveLength(1);
    const archives = (await admin('GET', '/api/admin/leaderboard/archives')).json().archives;
    const archive = (await admin('GET', `/api/admin/leaderboard/archives/${archives[0].id}`)).json().archive;
    expect(archive.entries.some((e: { displayName: string }) => e.displayName === 'Bystander')).toBe(true);
    expect(archive.entries.some((e: { displayName: string }) => e.displayName === 'Doomed')).toBe(false);
    expect(archive.entryCount).toBe(archive.entries.length);

    // The deletion is logged without their personal data.
    const audit = (await admin('GET', '/api/admin/audit')).json().entries;
    const logged = audit.find((e: { action: string }) => e.action === 'player.delete');
    expect(logged).toMatchObject({ actor: organizer.email, targetId: doomed.id, targetLabel: null });
    expect(JSON.stringify(audit)).not.toContain('Doomed');
    expect(JSON.stringify(audit)).not.toContain(doomed.email);

    // The challenge they held stays out of the pool, and the game goes on for everyone else.
    const [challenge] = await db.select().from(challenges).where(eq(challenges.id, heldChallenge.challengeId));
    expect(challenge.claimedAt).not.toBeNull();
    await playFullGame(t.app, bystander);
    expect((await request(t.app, { method: 'GET', url: '/api/leaderboard' })).statusCode).toBe(200);
    // Their session is gone.
    expect((await request(t.app, { method: 'GET', url: '/api/game/current', cookie: doomed.cookie })).statusCode).toBe(401);
    expect((await admin('DELETE', `/api/admin/players/${doomed.id}`)).statusCode).toBe(404);
  });

  it('an organizer cannot delete themselves', async () => {
    const response = await admin('DELETE', `/api/admin/players/${organizer.id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('CANNOT_DELETE_YOURSELF');
    expect(await t.database.db.select().from(user).where(eq(user.id, organizer.id))).toHaveLength(1);
  });

  it('signing up again with the same e-mail after deletion starts from nothing', async () => {
    const email = uniqueEmail('again');
    const first = await createPlayer(t.app, t.database.db, { email });
    await admin('DELETE', `/api/admin/players/${first.id}`);
    const second = await createPlayer(t.app, t.database.db, { email });
    expect(second.id).not.toBe(first.id);
  });
});

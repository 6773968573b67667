import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@contracts/admin.rules';
import { createGamer, playFullGame, startGame } from '../../tests/support/game';
import { createPlayer } from '../../tests/support/players';
import { createTestApp, request } from '../../tests/support/test-app';
import { auditLog } from '../db/tables/audit.tables';
import { attempts } from '../db/tables/game.tables';
import { challenges } from '../db/tables/challenges.tables';
import { findStarterPackDir, importStarterPackIfFresh, STARTER_PACK_NAME } from './starter-pack';

const starterDir = findStarterPackDir();

describe('the starter pack shipped in the repo', () => {
  it('is found in the repo (packs/starter) with its sources and licences beside the images', async () => {
    expect(starterDir).toMatch(/packs[/\\]starter$/);
  });

  it('fills an empty pool once as practice; the console shows it and retires it, played ones too, audited', {
    timeout: 180_000,
  }, async () => {
    const t = await createTestApp();
    try {
      const deps = { db: t.database.db, storage: t.storage, scorer: t.scorer };
      const summary = await importStarterPackIfFresh(deps, starterDir!);
      expect(summary).toMatchObject({ total: 24, imported: 24 });
      expect(await importStarterPackIfFresh(deps, starterDir!)).toBeNull();
      const rows = await t.database.db.select({ source: challenges.source }).from(challenges);
      expect(rows.every((row) => row.source?.startsWith(`${STARTER_PACK_NAME}:images/`))).toBe(true);

      expect(await t.database.db.$count(challenges, eq(challenges.practice, true))).toBe(24);

      // A player played one of them: scored for them and labelled practice, but not on the board or in the export.
      const gamer = await createGamer(t, 'StarterFan');
      const { attempt } = await playFullGame(t.app, gamer);
      expect(attempt.finalScore).toBeGreaterThan(0);
      expect(attempt).toMatchObject({ practice: true, afterFinalWhistle: false });
      const [played] = await t.database.db.select({ challengeId: attempts.challengeId }).from(attempts);
      const organizer = await createPlayer(t.app, t.database.db, { role: 'organizer' });
      const board = async () =>
        (await request(t.app, { method: 'GET', url: '/api/leaderboard' }))
          .json()
          .entries.map((e: { displayName: string }) => e.displayName);
      const winners = () => request(t.app, { method: 'GET', url: '/api/admin/winners.csv?top=10', cookie: organizer.cookie });
      expect(await board()).toEqual([]);
      expect((await winners()).body).not.toContain('StarterFan');
      expect((await request(t.app, { method: 'GET', url: '/api/leaderboard/me', cookie: gamer.cookie })).json().rank).toBeNull();
      const listed = await request(t.app, { method: 'GET', url: '/api/admin/players?q=StarterFan', cookie: organizer.cookie });
      expect(listed.json().players[0]).toMatchObject({ latestScore: attempt.finalScore, latestNotCounted: 'practice', rank: null });

      // Only an explicit organizer setting counts practice for prizes; off again, it is practice again.
      const setCounts = (practiceCounts: unknown, cookie = organizer.cookie) =>
        request(t.app, { method: 'PATCH', url: '/api/admin/event', payload: { practiceCounts }, cookie });
      expect((await request(t.app, { method: 'GET', url: '/api/admin/event', cookie: organizer.cookie })).json().practiceCounts).toBe(
        false,
      );
      expect((await setCounts(true, gamer.cookie)).statusCode).toBe(403);
      expect((await setCounts('yes')).statusCode).toBe(400);
      expect((await setCounts(true)).statusCode).toBe(200);
      expect(await board()).toEqual(['StarterFan']);
      expect((await winners()).body).toContain('StarterFan');
      const counted = (await request(t.app, { method: 'GET', url: '/api/game/attempts', cookie: gamer.cookie })).json().attempts;
      expect(counted[0].practice).toBe(false);
      expect((await setCounts(false)).statusCode).toBe(200);
      expect(await board()).toEqual([]);

      const health = await request(t.app, { method: 'GET', url: '/api/admin/challenges/health', cookie: organizer.cookie });
      expect(health.json().starterPack).toEqual({ total: 24, active: 24, unplayed: 23 });
      const pool = await request(t.app, { method: 'GET', url: '/api/admin/challenges?limit=50', cookie: organizer.cookie });
      expect(pool.json().challenges.map((row: { practice: boolean }) => row.practice)).toEqual(Array(24).fill(true));

      // Players and anonymous callers cannot retire it; nothing changes.
      expect((await request(t.app, { method: 'DELETE', url: '/api/admin/challenges/starter-pack' })).statusCode).toBe(401);
      expect((await request(t.app, { method: 'DELETE', url: '/api/admin/challenges/starter-pack', cookie: gamer.cookie })).statusCode).toBe(
        403,
      );
      expect(await t.database.db.$count(challenges)).toBe(24);

      // Retiring: the unplayed ones go, the played one stays for its player's history but is never handed out again.
      const removed = await request(t.app, { method: 'DELETE', url: '/api/admin/challenges/starter-pack', cookie: organizer.cookie });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json()).toEqual({ removed: 23, retired: 1 });
      const left = await t.database.db.select({ id: challenges.id, disabled: challenges.disabled }).from(challenges);
      expect(left).toEqual([{ id: played.challengeId, disabled: true }]);
      const history = await request(t.app, { method: 'GET', url: '/api/game/attempts', cookie: gamer.cookie });
      expect(history.json().attempts).toHaveLength(1);
      expect(history.json().attempts[0]).toMatchObject({ practice: true, finalScore: attempt.finalScore });
      const after = await request(t.app, { method: 'GET', url: '/api/admin/challenges/health', cookie: organizer.cookie });
      expect(after.json().starterPack).toEqual({ total: 1, active: 0, unplayed: 0 });

      // With prompt reuse on, a new player is still never handed the retired challenge.
      expect(
        (await request(t.app, { method: 'PATCH', url: '/api/admin/event', payload: { allowPromptReuse: true }, cookie: organizer.cookie }))
          .statusCode,
      ).toBe(200);
      const newcomer = await createGamer(t);
      expect((await request(t.app, { method: 'GET', url: '/api/game/next', cookie: newcomer.cookie })).json().next).toBeNull();
      expect((await startGame(t.app, newcomer)).statusCode).toBe(409);

      const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, AUDIT_ACTIONS.starterPackRemove));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: organizer.id, details: { removed: 23, retired: 1, kept: 1 } });
      // Retiring again retires nothing more.
      expect(
        (await request(t.app, { method: 'DELETE', url: '/api/admin/challenges/starter-pack', cookie: organizer.cookie })).json(),
      ).toEqual({ removed: 0, retired: 0 });
    } finally {
      await t.close();
    }
  });

  it('retires the pack once every starter challenge was played (nothing left unplayed)', { timeout: 180_000 }, async () => {
    const t = await createTestApp();
    try {
      const deps = { db: t.database.db, storage: t.storage, scorer: t.scorer };
      await importStarterPackIfFresh(deps, starterDir!);
      // Everyone got one: with reuse off, nothing is left unplayed (claimed, as a trial run leaves the pool).
      await t.database.db.update(challenges).set({ claimedAt: new Date() });
      const organizer = await createPlayer(t.app, t.database.db, { role: 'organizer' });
      const health = await request(t.app, { method: 'GET', url: '/api/admin/challenges/health', cookie: organizer.cookie });
      expect(health.json().starterPack).toEqual({ total: 24, active: 24, unplayed: 0 });
      const retired = await request(t.app, { method: 'DELETE', url: '/api/admin/challenges/starter-pack', cookie: organizer.cookie });
      expect(retired.json()).toEqual({ removed: 0, retired: 24 });
      expect(await t.database.db.$count(challenges, eq(challenges.disabled, false))).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('is never imported again once an organizer removed it, even into an empty pool', { timeout: 180_000 }, async () => {
    const t = await createTestApp();
    try {
      const deps = { db: t.database.db, storage: t.storage, scorer: t.scorer };
      await importStarterPackIfFresh(deps, starterDir!);
      const organizer = await createPlayer(t.app, t.database.db, { role: 'organizer' });
      const removed = await request(t.app, { method: 'DELETE', url: '/api/admin/challenges/starter-pack', cookie: organizer.cookie });
      expect(removed.json()).toEqual({ removed: 24, retired: 0 });
      expect(await t.database.db.$count(challenges)).toBe(0);
      expect(await importStarterPackIfFresh(deps, starterDir!)).toBeNull();
      expect(await t.database.db.$count(challenges)).toBe(0);
    } finally {
      await t.close();
    }
  });
});

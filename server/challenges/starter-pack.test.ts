import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@contracts/admin.rules';
import { createGamer, startGame } from '../../tests/support/game';
import { createPlayer } from '../../tests/support/players';
import { createTestApp, request } from '../../tests/support/test-app';
import { auditLog } from '../db/tables/admin.tables';
import { attempts, challenges } from '../db/tables/game.tables';
import { findStarterPackDir, importStarterPackIfFresh, STARTER_PACK_NAME } from './starter-pack';

const starterDir = findStarterPackDir();

describe('the starter pack shipped in the repo', () => {
  it('is found in the repo (packs/starter) with its sources and licences beside the images', async () => {
    expect(starterDir).toMatch(/packs[/\\]starter$/);
  });

  it('fills an empty pool once; the console shows it and removes only the unplayed starter challenges, audited', {
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

      // A player got one of them: it stays, for their history.
      const gamer = await createGamer(t);
      expect((await startGame(t.app, gamer)).statusCode).toBe(201);
      const [played] = await t.database.db.select({ challengeId: attempts.challengeId }).from(attempts);
      const organizer = await createPlayer(t.app, t.database.db, { role: 'organizer' });
      const health = await request(t.app, { method: 'GET', url: '/api/admin/challenges/health', cookie: organizer.cookie });
      expect(health.json().starterPack).toEqual({ total: 24, unplayed: 23 });

      // Players and anonymous callers cannot remove it; nothing changes.
      expect((await request(t.app, { method: 'DELETE', url: '/api/admin/challenges/starter-pack' })).statusCode).toBe(401);
      expect((await request(t.app, { method: 'DELETE', url: '/api/admin/challenges/starter-pack', cookie: gamer.cookie })).statusCode).toBe(
        403,
      );
      expect(await t.database.db.$count(challenges)).toBe(24);

      const removed = await request(t.app, { method: 'DELETE', url: '/api/admin/challenges/starter-pack', cookie: organizer.cookie });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json()).toEqual({ removed: 23, kept: 1 });
      const left = await t.database.db.select({ id: challenges.id }).from(challenges);
      expect(left.map((row) => row.id)).toEqual([played.challengeId]);
      const history = await request(t.app, { method: 'GET', url: '/api/game/attempts', cookie: gamer.cookie });
      expect(history.json().attempts).toHaveLength(1);
      const after = await request(t.app, { method: 'GET', url: '/api/admin/challenges/health', cookie: organizer.cookie });
      expect(after.json().starterPack).toEqual({ total: 1, unplayed: 0 });

      const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, AUDIT_ACTIONS.starterPackRemove));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: organizer.id, details: { removed: 23, kept: 1 } });
      // Removing again removes nothing more.
      expect(
        (await request(t.app, { method: 'DELETE', url: '/api/admin/challenges/starter-pack', cookie: organizer.cookie })).json(),
      ).toEqual({ removed: 0, kept: 1 });
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
      expect(removed.json()).toEqual({ removed: 24, kept: 0 });
      expect(await t.database.db.$count(challenges)).toBe(0);
      expect(await importStarterPackIfFresh(deps, starterDir!)).toBeNull();
      expect(await t.database.db.$count(challenges)).toBe(0);
    } finally {
      await t.close();
    }
  });
});

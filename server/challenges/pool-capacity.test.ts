import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PoolHealth } from '@contracts/admin-challenges';
import { IDLE_CLAIM_SECONDS } from '../db/pool-capacity';
import { ageGames, createGamer, importPack, startGame, writePack } from '../../tests/support/game';
import { createPlayer, type TestPlayer } from '../../tests/support/players';
import { createSecondInstance } from '../../tests/support/second-instance';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';

const POOL = 6;

/** The three counts an organizer reads: the console's pool health, the overview and /metrics. */
async function organizerCounts(app: TestApp['app'], organizer: TestPlayer) {
  const health = (
    await request(app, { method: 'GET', url: '/api/admin/challenges/health', cookie: organizer.cookie })
  ).json() as PoolHealth;
  const overview = (await request(app, { method: 'GET', url: '/api/admin/overview', cookie: organizer.cookie })).json();
  const metrics = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
  const line = metrics.body.split('\n').find((l) => l.startsWith('gg_pool_remaining '));
  return {
    console: health.claimable,
    overview: overview.challenges.claimable as number,
    overviewAvailable: overview.challenges.available as number,
    metrics: Number(line?.slice('gg_pool_remaining '.length)),
    health,
    overviewMinutes: overview.challenges.minutesUntilEmpty as number | null,
  };
}

/** Starts `n` new players at once; how many got a prompt. */
async function startsThatSucceed(t: TestApp, app: TestApp['app'], n: number) {
  const players = await Promise.all(Array.from({ length: n }, () => createGamer(t)));
  const started = await Promise.all(players.map((player) => startGame(app, player)));
  return { players, granted: started.filter((response) => response.statusCode === 201).length };
}

describe('what START can still hand out, as every organizer view counts it (prompt reuse off)', () => {
  let t: TestApp;
  let organizer: TestPlayer;
  beforeAll(async () => {
    t = await createTestApp();
    await importPack(t, (await writePack({ count: POOL, label: 'capacity' })).dir);
    organizer = await createPlayer(t.app, t.database.db, { role: 'organizer' });
  });
  afterAll(() => t?.close());

  it('counts idle claims as START does, agrees with the number of starts granted, and after a restart too', async () => {
    const before = await organizerCounts(t.app, organizer);
    expect(before).toMatchObject({ console: POOL, overview: POOL, overviewAvailable: POOL, metrics: POOL });
    expect(before.overviewMinutes).toBeNull();

    const first = await startsThatSucceed(t, t.app, 4);
    expect(first.granted).toBe(4);
    const held = await organizerCounts(t.app, organizer);
    expect(held).toMatchObject({ console: 2, overview: 2, metrics: 2 });
    // 4 starts in the last 10 minutes, 2 left: 5 minutes at that pace, on both screens.
    expect(held.health.minutesLeft).toBe(5);
    expect(held.overviewMinutes).toBe(5);

    // Two of them never guess: their claims go idle and START takes them back. Unused stays 2; claimable is 4.
    await ageGames(t, first.players.slice(0, 2), IDLE_CLAIM_SECONDS + 5);
    const idle = await organizerCounts(t.app, organizer);
    expect(idle.health.unused).toBe(2);
    expect(idle).toMatchObject({ console: 4, overview: 4, metrics: 4 });

    // A restart (or a second machine): a new instance counts from the database alone.
    const restarted = await createSecondInstance(t);
    try {
      const after = await organizerCounts(restarted.app, organizer);
      expect(after).toMatchObject({ console: 4, overview: 4, metrics: 4 });
      // Exactly as many new players as the console said get a prompt; the next one is refused.
      const second = await startsThatSucceed(t, restarted.app, after.console + 2);
      expect(second.granted).toBe(after.console);
      expect(await organizerCounts(restarted.app, organizer)).toMatchObject({ console: 0, overview: 0, metrics: 0 });
    } finally {
      await restarted.close();
    }
  });
});

import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComposeResult, GenerationOverview, GenerationRun, PoolHealth } from '@contracts/admin-challenges';
import { attempts } from '../db/tables/game.tables';
import { challenges } from '../db/tables/challenges.tables';
import { startFakeImageProvider, type FakeImageProvider } from '../../tests/support/fake-image-provider';
import { createGamer } from '../../tests/support/game';
import { createPlayer, type TestPlayer } from '../../tests/support/players';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';

const PLAYERS = 300;
const REJECTED = 4;
const REGENERATED = 3;

let fake: FakeImageProvider;
let t: TestApp;
let organizer: TestPlayer;

beforeAll(async () => {
  fake = await startFakeImageProvider();
  t = await createTestApp({
    GENERATION_TIMEOUT_MS: '5000',
    GENERATION_BACKOFF_MS: '10',
    GENERATION_POLL_MS: '50',
    GENERATION_CONCURRENCY: '8',
    IMAGES_OPENAI_BASE_URL: `${fake.url}/v1`,
    IMAGES_OPENAI_API_KEY: 'sk-test',
    IMAGES_OPENAI_PRICE_USD: '0.04',
  });
  organizer = await createPlayer(t.app, t.database.db, { role: 'organizer' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  request(t.app, { method, url, payload: payload as Record<string, unknown>, cookie: organizer.cookie });

async function untilFinished(runId: string): Promise<GenerationRun> {
  // Generous: 300 images embed their prompts on a shared machine. A run that never ends still fails, with its state.
  const deadline = Date.now() + 400_000;
  for (;;) {
    const run = (await call('GET', `/api/admin/challenges/generation/${runId}`)).json() as GenerationRun;
    if (run.finishedAt) return run;
    if (Date.now() > deadline) throw new Error(`run not finished: done ${run.done}, failed ${run.failed}, left ${run.left}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const health = async () => (await call('GET', '/api/admin/challenges/health')).json() as PoolHealth;

describe('a pool for a keynote: composed, generated, reviewed, then 300 players at once', () => {
  it('holds every image for review, keeps rejected ones from players, and hands 300 players 300 different prompts', {
    timeout: 900_000,
  }, async () => {
    const began = performance.now();
    const count = PLAYERS + REJECTED;
    const composed = (await call('POST', '/api/admin/challenges/compose', { count, seed: 2026 })).json() as ComposeResult;
    expect(composed.prompts).toHaveLength(count);

    // The estimate before it starts: the configured price and a time per image.
    const overview = (await call('GET', '/api/admin/challenges/generation')).json() as GenerationOverview;
    const openai = overview.providers.find((provider) => provider.id === 'openai')!;
    expect(openai).toMatchObject({ configured: true, pricePerImageUsd: 0.04 });
    expect(openai.secondsPerImage).toBeGreaterThan(0);
    expect(overview.concurrency).toBe(8);

    const started = await call('POST', '/api/admin/challenges/generation', { provider: 'openai', prompts: composed.prompts });
    expect(started.statusCode, started.body).toBe(201);
    const runId = (started.json() as GenerationRun).id;
    let run = await untilFinished(runId);
    expect(run).toMatchObject({ done: count, failed: 0, holdForReview: true, toReview: count });
    const generatedAt = performance.now();
    // Held for review: nothing reaches a player yet.
    expect((await health()).claimable).toBe(0);

    const [rejected, regenerated, rest] = [
      run.items.slice(0, REJECTED),
      run.items.slice(REJECTED, REJECTED + REGENERATED),
      run.items.slice(REJECTED + REGENERATED),
    ];
    const review = (decision: string, items: GenerationRun['items']) =>
      call('POST', `/api/admin/challenges/generation/${runId}/review`, { decision, itemIds: items.map((item) => item.id) });
    expect((await review('reject', rejected)).json()).toEqual({ updated: REJECTED });
    expect((await review('regenerate', regenerated)).json()).toEqual({ updated: REGENERATED });
    run = await untilFinished(runId);
    expect(run).toMatchObject({ done: count, failed: 0, toReview: count - REJECTED });
    // The grid approves 20 at a time, as an organizer pages through it.
    const toApprove = run.items.filter((item) => item.review === null);
    expect(toApprove.map((item) => item.id).sort()).toEqual([...regenerated, ...rest].map((item) => item.id).sort());
    for (let start = 0; start < toApprove.length; start += 20) {
      expect((await review('approve', toApprove.slice(start, start + 20))).statusCode).toBe(200);
    }
    const approvedAt = performance.now();
    const pool = await health();
    expect(pool).toMatchObject({ claimable: PLAYERS, disabled: REJECTED });
    console.log(
      `[keynote pool] ${count} prompts composed, generated with the fake provider and reviewed: generated after ${((generatedAt - began) / 1000).toFixed(1)} s, ${PLAYERS} approved after ${((approvedAt - began) / 1000).toFixed(1)} s`,
    );

    const players = await Promise.all(Array.from({ length: PLAYERS }, () => createGamer(t)));
    // Each from its own phone (mobile data): one address for 300 brand-new accounts is what the per-network ceiling stops.
    const starts = await Promise.all(
      players.map((player, i) =>
        request(t.app, {
          method: 'POST',
          url: '/api/game/start',
          cookie: player.cookie,
          remoteAddress: `10.39.${i >> 8}.${(i & 255) + 1}`,
        }),
      ),
    );
    expect(starts.filter((response) => response.statusCode !== 201).map((response) => response.body)).toEqual([]);
    const drawn = await t.database.db
      .select({ challengeId: attempts.challengeId, prompt: challenges.prompt })
      .from(attempts)
      .innerJoin(challenges, sql`${challenges.id} = ${attempts.challengeId}`)
      .where(
        inArray(
          attempts.userId,
          players.map((player) => player.id),
        ),
      );
    expect(drawn).toHaveLength(PLAYERS);
    expect(new Set(drawn.map((row) => row.challengeId)).size).toBe(PLAYERS);
    const rejectedPrompts = new Set(rejected.map((item) => item.prompt));
    expect(drawn.filter((row) => rejectedPrompts.has(row.prompt))).toEqual([]);
    expect((await health()).claimable).toBe(0);
  });
});

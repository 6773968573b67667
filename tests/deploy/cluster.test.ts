/**
 * The production topology of deploy/, run for real: two instances of the server bundle on one PostgreSQL database
 * and one S3-compatible bucket (s3rver), behind haproxy running deploy/haproxy.cfg. Players play and live viewers
 * watch through the balancer; then one instance is killed (SIGKILL) under load, and later another one is stopped
 * gracefully (SIGTERM) under load. PostgreSQL only (the embedded database is one process's) and haproxy from apt.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPackDir } from '../../scripts/paths';
import { clusterDatabasePool, startCluster, type Cluster } from '../support/cluster';
import {
  advance,
  ensureAttempt,
  postAs,
  seedClusterAccounts,
  sendClusterGuess,
  storedGuess as storedIn,
  type ClusterPlayer as Player,
  type GuessOutcome,
} from '../support/cluster-players';
import { ReconnectingViewer } from '../support/sse-client';
import { startFakeImageProvider, type FakeImageProvider } from '../support/fake-image-provider';
import { s3StorageEnv, startS3Server } from '../support/s3-server';
import { testServerBundle } from '../support/server-process';
import { createTestDatabase } from '../support/test-database';

const haproxyInstalled = spawnSync('haproxy', ['-v']).status === 0;
const runs = process.env.TEST_DB === 'postgres' && haproxyInstalled;
if (process.env.TEST_DB === 'postgres' && !haproxyInstalled)
  console.warn('cluster test skipped: haproxy is not installed (apt-get install -y haproxy)');

const SECRET = randomBytes(32).toString('base64url');
const PLAYERS = 40;
const VIEWERS = 24;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: pg.Pool;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let images: FakeImageProvider;
let cluster: Cluster;

const seedAccounts = (count: number, role: 'player' | 'organizer' = 'player') => seedClusterAccounts(sql, SECRET, count, role);
const post = (url: string, player: Player, body?: unknown) => postAs(cluster.url, url, player, body);
/** One guess as the web client sends it (an idempotency key per slot); the outcome as the player would see it. */
const sendGuess = (player: Player, attemptId: string, slot: number, text: string, key: string) =>
  sendClusterGuess(cluster.url, cluster.url, player, attemptId, slot, text, key);
const storedGuess = (attemptId: string, slot: number) => storedIn(sql, attemptId, slot);

/**
 * Players play until `stop()`: start a challenge, three guesses, again. A failed guess is left (the test re-sends it
 * later with its key); the player moves on to a new challenge after reading where the server is.
 */
function play(players: Player[]) {
  const outcomes: GuessOutcome[] = [];
  let stopped = false;
  const waiters: Array<() => void> = [];
  const record = (outcome: GuessOutcome) => {
    outcomes.push(outcome);
    for (const waiter of waiters.splice(0)) waiter();
  };
  const loop = async (player: Player) => {
    let n = 0;
    while (!stopped) {
      if (!(await ensureAttempt(cluster.url, cluster.url, player))) continue;
      const outcome = await sendGuess(
        player,
        player.attemptId!,
        player.nextSlot,
        `guess ${n++} of ${player.id.slice(0, 6)}: a picture of a place`,
        randomBytes(16).toString('base64url'),
      );
      record(outcome);
      // After an error the attempt is read again (it may have been stored after all): the web does the same.
      advance(player, outcome);
    }
  };
  const done = Promise.all(players.map(loop));
  return {
    outcomes,
    /** Resolves once `predicate` holds over the outcomes so far. */
    async until(predicate: () => boolean) {
      while (!predicate()) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    async stop() {
      stopped = true;
      await done;
    },
  };
}

const countBy = <T>(items: T[], key: (item: T) => string) =>
  items.reduce<Record<string, number>>((counts, item) => ((counts[key(item)] = (counts[key(item)] ?? 0) + 1), counts), {});

const viewers: ReconnectingViewer[] = [];
beforeAll(async () => {
  if (!runs) return;
  database = await createTestDatabase();
  sql = clusterDatabasePool(database.url!);
  s3 = await startS3Server();
  images = await startFakeImageProvider({ delayMs: 1500 });
  cluster = await startCluster({
    bundle: testServerBundle,
    instances: 2,
    env: {
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      DATABASE_URL: database.url!,
      BETTER_AUTH_SECRET: SECRET,
      ...s3StorageEnv(s3.config),
      CHALLENGE_PACK: demoPackDir,
      IMAGES_OPENAI_BASE_URL: `${images.url}/v1`,
      IMAGES_OPENAI_API_KEY: 'test-key',
      GENERATION_LEASE_MS: '2000',
      GENERATION_POLL_MS: '200',
      SSE_HEARTBEAT_MS: '1000',
      SHUTDOWN_DRAIN_MS: '20000',
      // The test shares two cores with its servers: keep load shedding out of what it measures.
      EVENT_LOOP_DELAY_LIMIT_MS: '60000',
      GUESSES_IN_FLIGHT_LIMIT: '1000',
      SCORING_QUEUE_LIMIT: '1000',
    },
  });
  await sql.query(`insert into event_settings (id, allow_prompt_reuse, min_seconds_between_challenges) values (1, true, 0)
                   on conflict (id) do update set allow_prompt_reuse = true, min_seconds_between_challenges = 0`);
}, 300_000);

afterAll(async () => {
  viewers.forEach((viewer) => viewer.close());
  await cluster?.close();
  await images?.close();
  await s3?.close();
  await sql?.end();
  await database?.close();
});

describe.runIf(runs)('two instances behind haproxy (deploy/haproxy.cfg)', () => {
  it('an instance with another BETTER_AUTH_SECRET is refused at start-up, saying why', async () => {
    const { spawnServer } = await import('../support/server-process');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gg-stray-'));
    const stray = spawnServer({
      DATABASE_URL: database.url!,
      BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'warn',
    });
    const exitCode = await stray.exited;
    rmSync(dataDir, { recursive: true, force: true });
    expect(exitCode).toBe(1);
    expect(stray.output()).toMatch(/BETTER_AUTH_SECRET is not the secret this database's other instances use/);
  });

  it('limits keep one count across instances', async () => {
    const [player] = await seedAccounts(1);
    const nowhere = randomUUID();
    const statuses: number[] = [];
    // 30 guesses a minute per player, counted in the database: alternate the two instances directly.
    for (let i = 0; i < 31; i++) {
      const instance = cluster.instances[i % 2];
      statuses.push((await post(`${instance.url}/api/game/attempts/${nowhere}/guesses`, player, { guess: 'x', guessNumber: 1 })).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await post(`${cluster.url}/api/game/attempts/${nowhere}/guesses`, player, { guess: 'x', guessNumber: 1 })).status).toBe(429);
  });

  it('SIGKILL under load: nothing acknowledged is lost, failures are errors and safe to resend, every viewer is back through the survivor, jobs resume', async () => {
    const players = await seedAccounts(PLAYERS);
    const [organizer] = await seedAccounts(1, 'organizer');

    for (let i = 0; i < VIEWERS; i++) viewers.push(new ReconnectingViewer(`${cluster.url}/api/leaderboard/stream`).start());
    await Promise.all(viewers.map((viewer) => viewer.until(() => viewer.connected && viewer.events.length > 0, 30_000, 'a first board')));
    // Spread over both instances by the balancer.
    const spread = new Set(viewers.map((viewer) => viewer.instance));
    expect(spread).toEqual(new Set(['app1', 'app2']));

    const load = play(players);
    const acked = () => load.outcomes.filter((o) => o.result === 'ok').length;
    await load.until(() => acked() >= 120);

    // Generation jobs on both instances (the fake provider takes 1.5 s an image), then the kill while both hold some.
    const prompts = Array.from({ length: 16 }, (_, i) => `cluster generated prompt ${i}: a lighthouse on a cliff at dawn`);
    const run = await post(`${cluster.url}/api/admin/challenges/generation`, organizer, { provider: 'openai', prompts });
    expect(run.status, await run.clone().text()).toBe(201);
    const runId = ((await run.json()) as { id: string }).id;
    const running = async () =>
      (await sql.query(`select id, locked_by from generation_items where status = 'running'`)).rows as Array<{
        id: string;
        locked_by: string;
      }>;
    let heldAtKill: Array<{ id: string; locked_by: string }> = [];
    for (;;) {
      heldAtKill = await running();
      if (new Set(heldAtKill.map((row) => row.locked_by)).size === 2) break;
      const seen = load.outcomes.length;
      await load.until(() => load.outcomes.length > seen);
    }

    const victim = 'app2';
    const onVictim = viewers.filter((viewer) => viewer.instance === victim);
    const killedAt = performance.now();
    await cluster.kill(victim, 'SIGKILL');
    const ackedAtKill = acked();
    await load.until(() => acked() >= ackedAtKill + 120);
    // Every viewer, wherever it was, receives events from the survivor after the kill. (An event dated after the kill
    // may still come from the victim: bytes it wrote just before dying reach a client on a busy machine later.)
    const fromSurvivorAfterKill = (viewer: ReconnectingViewer) =>
      viewer.events.find((event) => event.at > killedAt && event.instance === 'app1');
    await Promise.all(
      viewers.map((viewer) =>
        viewer.until(() => fromSurvivorAfterKill(viewer) !== undefined, 30_000, 'an event from the survivor after the kill'),
      ),
    );
    await load.stop();

    const backAfterMs = onVictim.map((viewer) => fromSurvivorAfterKill(viewer)!.at - killedAt);
    const lateFromVictim = viewers.filter((viewer) =>
      viewer.events.some((event) => event.at > killedAt && event.instance === victim),
    ).length;
    console.log(
      `cluster SIGKILL: ${load.outcomes.length} guesses, ${acked()} acknowledged, ${load.outcomes.length - acked()} failed; ` +
        `${onVictim.length} viewers on the killed instance, all back through the survivor within ${Math.round(Math.max(...backAfterMs))} ms ` +
        `(${lateFromVictim} parsed an event from the victim after the kill); ` +
        `failures by status: ${JSON.stringify(
          countBy(
            load.outcomes.filter((o) => o.result === 'error'),
            (o) => `${o.status} ${o.code ?? ''}`.trim(),
          ),
        )}`,
    );
    expect(onVictim.length).toBeGreaterThan(0);
    // How fast they come back is measured in `npm run bench:cluster`, not asserted here (a shared machine's timing).
    // Nothing reached a viewer from the victim once the survivor had answered it: each one moved over for good.
    for (const viewer of viewers) {
      const back = fromSurvivorAfterKill(viewer)!;
      expect(viewer.events.filter((event) => event.at > back.at && event.instance !== 'app1')).toEqual([]);
    }

    // 0 lost: every acknowledged guess is stored, in its slot, under its key.
    for (const outcome of load.outcomes.filter((o) => o.result === 'ok')) {
      expect(await storedGuess(outcome.attemptId, outcome.slot)).toEqual({ text: outcome.text, key: outcome.key });
    }
    // Every failure was an error to the player; re-sent with its key it is answered (stored or scored now), never 409.
    const failed = load.outcomes.filter((o) => o.result === 'error');
    for (const outcome of failed) {
      expect(outcome.status).not.toBe(200);
      const stored = await storedGuess(outcome.attemptId, outcome.slot);
      // Filled by the player's next try (another key): that guess is another one, answered on its own.
      if (stored && stored.text !== null && stored.key !== outcome.key) continue;
      const again = await sendGuess(outcome.player, outcome.attemptId, outcome.slot, outcome.text, outcome.key);
      expect(again.status).toBe(200);
      expect(again.result).toBe('ok');
    }

    // The dead instance's generation jobs were taken over: every item generated, those it held tried again.
    const deadIds = new Set(heldAtKill.map((row) => row.locked_by));
    await expect
      .poll(
        async () =>
          (await sql.query(`select count(*)::int as n from generation_items where run_id = $1 and status <> 'generated'`, [runId])).rows[0]
            .n,
        {
          timeout: 60_000,
          interval: 250,
        },
      )
      .toBe(0);
    const retried = (await sql.query(`select tries from generation_items where id = any($1::uuid[])`, [heldAtKill.map((row) => row.id)]))
      .rows as Array<{ tries: number }>;
    expect(deadIds.size).toBe(2);
    expect(retried.some((row) => row.tries >= 2)).toBe(true);
  }, 300_000);

  it('SIGTERM under load: ready turns 503 first, viewers move over, no guess fails, then the process exits 0', async () => {
    await cluster.revive('app2');
    await cluster.waitForStates({ app1: 'UP', app2: 'UP' });
    const players = await seedAccounts(PLAYERS);
    const load = play(players);
    const acked = () => load.outcomes.filter((o) => o.result === 'ok').length;
    await load.until(() => acked() >= 100);

    const stoppedAt = performance.now();
    const exited = cluster.kill('app1', 'SIGTERM');
    // The balancer takes it out because `ready` failed, before it closes.
    await cluster.waitForStates({ app1: 'DOWN', app2: 'UP' });
    const code = await exited;
    expect(
      code,
      cluster.instances[0]
        .output()
        .split('\n')
        .filter((line) => !line.includes('"level":30,') || /shutting|drain|close/i.test(line))
        .join('\n')
        .slice(-4000),
    ).toBe(0);
    const ackedAtExit = acked();
    await load.until(() => acked() >= ackedAtExit + 100);
    await Promise.all(
      viewers.map((viewer) =>
        viewer.until(() => viewer.events.some((event) => event.at > stoppedAt && event.instance === 'app2'), 30_000, 'an event from app2'),
      ),
    );
    await load.stop();

    const failed = load.outcomes.filter((o) => o.result === 'error');
    console.log(
      `cluster SIGTERM: ${load.outcomes.length} guesses, ${failed.length} failed ${JSON.stringify(countBy(failed, (o) => `${o.status} ${o.code ?? ''}`.trim()))}`,
    );
    expect(failed).toEqual([]);
  }, 300_000);
});

// `npm run bench:cluster`: the deploy/ topology under a crowd, and one instance killed with SIGKILL.
//
// The real server bundle (`npm start`'s), on one PostgreSQL database and one S3-compatible bucket (s3rver), behind
// haproxy running deploy/haproxy.cfg unchanged (tests/support/cluster.ts, the harness the cluster test and
// `npm run cluster` use). Players are seeded accounts (tests/support/cluster-players.ts); guesses ARRIVE AT A FIXED
// RATE whether or not earlier ones were answered (open loop): arrival k belongs to player k mod P, a player sends one
// guess at a time (its next waits for its answer), and latency is measured from the scheduled arrival.
//
// Each measured window follows --warmup seconds of the same load (fresh instances are slow at first).
//   1. One instance behind haproxy: guesses/s served and latency p50/p95 for --seconds.
//   2. Two instances behind haproxy, --viewers live leaderboard viewers spread over them by the balancer: the same
//      load; meanwhile --probes players each finish a game on one instance directly, and the time from the finish's
//      commit (attempts.completed_at) until each viewer, on the other instance (cross-instance: LISTEN/NOTIFY) or the
//      same one, has parsed a board that shows it.
//   3. Still under load, app2 is killed with SIGKILL; the load goes on for --seconds. Reported: guesses/s before and
//      after, acknowledged guesses missing from the database (must be 0), failed guesses (each resent with its
//      idempotency key afterwards: answered, or found filled by the player's next try), and for the viewers that were
//      on app2: time until their stream is open again on the survivor and until they receive its first event.
//
//   npm run bench:cluster -- [--rate 8] [--seconds 15] [--warmup 10] [--viewers 500] [--players 200] [--probes 10]
//
// Viewers are anonymous and all come from 127.0.0.1, so SSE_MAX_ANONYMOUS_STREAMS_PER_ADDRESS is raised above
// --viewers (a venue whose anonymous phones share one NAT address would do the same). Everything else is the
// default configuration (heartbeat every second). Needs haproxy (apt-get install haproxy) and a local PostgreSQL
// (TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres). Prints the CPU, cores and Node version.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ensureServerBuild } from '../build-server.mjs';
import { demoPackDir } from '../paths';
import { clusterDatabasePool, startCluster, type Cluster } from '../../tests/support/cluster';
import {
  advance,
  ensureAttempt,
  seedClusterAccounts,
  sendClusterGuess,
  type ClusterPlayer,
  type GuessOutcome,
} from '../../tests/support/cluster-players';
import { ReconnectingViewer, type ViewerEvent } from '../../tests/support/sse-client';
import { s3StorageEnv, startS3Server } from '../../tests/support/s3-server';
import { machine, summarize } from './bench-server';

const { values: options } = parseArgs({
  options: {
    rate: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '10' },
    viewers: { type: 'string', default: '500' },
    players: { type: 'string', default: '200' },
    probes: { type: 'string', default: '10' },
  },
});
const RATE = Number(options.rate);
const SECONDS = Number(options.seconds);
/** Load before each measured window: fresh instances (JIT, the scorer's first batches, 500 first snapshots) are slow. */
const WARMUP = Number(options.warmup);
const VIEWERS = Number(options.viewers);
const PLAYERS = Number(options.players);
const PROBES = Number(options.probes);
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECRET = randomBytes(32).toString('base64url');

if (spawnSync('haproxy', ['-v']).status !== 0) {
  console.error('bench:cluster needs haproxy (apt-get install -y haproxy).');
  process.exit(1);
}

console.log(`machine: ${JSON.stringify(machine())}`);
console.log(
  `rate ${RATE} guesses/s, ${WARMUP} s warm-up then ${SECONDS} s per phase, ${PLAYERS} players, ${VIEWERS} viewers, ${PROBES} probes`,
);

// Whole milliseconds.
const stats = (samples: number[]) => summarize(samples, 0);

// ---------------------------------------------------------------------------------------------------------------
// Open-loop load.

interface Arrival extends GuessOutcome {
  scheduledAt: number;
}

function openLoop(cluster: Cluster, players: ClusterPlayer[]) {
  const outcomes: Arrival[] = [];
  const chains = players.map(() => Promise.resolve());
  let stopped = false;
  let k = 0;
  let guessNumber = 0;
  const start = performance.now();
  const interval = 1000 / RATE;
  const one = async (player: ClusterPlayer, scheduledAt: number) => {
    let attempts = 0;
    while (!(await ensureAttempt(cluster.url, cluster.url, player))) {
      if (++attempts >= 3) {
        const now = performance.now();
        outcomes.push({
          player,
          attemptId: '',
          slot: 0,
          text: '',
          key: '',
          result: 'error',
          status: 0,
          code: 'NO_ATTEMPT',
          sentAt: now,
          answeredAt: now,
          scheduledAt,
        });
        return;
      }
    }
    const outcome = await sendClusterGuess(
      cluster.url,
      cluster.url,
      player,
      player.attemptId!,
      player.nextSlot,
      `guess ${guessNumber++}: a picture of a place by the sea`,
      randomBytes(16).toString('base64url'),
    );
    outcomes.push({ ...outcome, scheduledAt });
    advance(player, outcome);
  };
  const done = (async () => {
    while (!stopped) {
      const scheduledAt = start + k * interval;
      const wait = scheduledAt - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (stopped) break;
      const index = k % players.length;
      chains[index] = chains[index].then(() => one(players[index], scheduledAt));
      k++;
    }
    await Promise.all(chains);
  })();
  return {
    outcomes,
    async stop() {
      stopped = true;
      await done;
    },
  };
}

function window(outcomes: Arrival[], from: number, to: number) {
  const inWindow = outcomes.filter((o) => o.scheduledAt >= from && o.scheduledAt < to);
  const served = inWindow.filter((o) => o.result === 'ok');
  const seconds = (to - from) / 1000;
  return {
    arrivals: inWindow.length,
    servedPerSecond: Math.round((served.length / seconds) * 10) / 10,
    failed: inWindow.length - served.length,
    failedBy: inWindow
      .filter((o) => o.result === 'error')
      .reduce<Record<string, number>>((counts, o) => {
        const key = `${o.status} ${o.code ?? ''}`.trim();
        counts[key] = (counts[key] ?? 0) + 1;
        return counts;
      }, {}),
    latencyMs: stats(served.map((o) => o.answeredAt - o.scheduledAt)),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------------------------

const databaseName = `gg_bench_cluster_${randomBytes(4).toString('hex')}`;
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${databaseName}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${databaseName}`);
await admin.end();
const sql = clusterDatabasePool(databaseUrl.toString());
const s3 = await startS3Server();
const bundle = await ensureServerBuild();
const env = {
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  DATABASE_URL: databaseUrl.toString(),
  BETTER_AUTH_SECRET: SECRET,
  ...s3StorageEnv(s3.config),
  CHALLENGE_PACK: demoPackDir,
  SSE_MAX_ANONYMOUS_STREAMS_PER_ADDRESS: String(Math.max(300, VIEWERS + 50)),
};

let cluster: Cluster | undefined;
const viewers: ReconnectingViewer[] = [];
try {
  // ---- 1. One instance.
  cluster = await startCluster({ bundle, instances: 1, env });
  await sql.query(`insert into event_settings (id, allow_prompt_reuse, min_seconds_between_challenges) values (1, true, 0)
                   on conflict (id) do update set allow_prompt_reuse = true, min_seconds_between_challenges = 0`);
  const players = await seedClusterAccounts(sql, SECRET, PLAYERS);
  {
    const load = openLoop(cluster, players);
    await sleep(WARMUP * 1000);
    const from = performance.now();
    await sleep(SECONDS * 1000);
    const to = performance.now();
    await load.stop();
    console.log(`\n1 instance behind haproxy: ${JSON.stringify(window(load.outcomes, from, to))}`);
  }
  await cluster.close();
  cluster = undefined;
  for (const player of players) player.attemptId = undefined;

  // ---- 2. Two instances, viewers, probes.
  cluster = await startCluster({ bundle, instances: 2, env });
  const active = cluster;
  const probePlayers = await seedClusterAccounts(sql, SECRET, PROBES);
  // Per probe (by display name): the instance it finished on, its attempt, and when each viewer first showed it. A
  // board's bytes are the same for every viewer of an instance: each distinct board is searched once.
  const probes = new Map<string, { instance: string; attemptId: string; seen: Map<number, { at: number; instance: string }> }>();
  const namesOnBoard = new Map<string, string[]>();
  const probesIn = (event: ViewerEvent) => {
    const cacheKey = `${event.instance} ${event.id}`;
    let names = namesOnBoard.get(cacheKey);
    if (!names) {
      names = [...probes.keys()].filter((name) => event.data.includes(`"displayName":"${name}"`));
      if (event.id) namesOnBoard.set(cacheKey, names);
    }
    return names;
  };
  let killedAt = Number.POSITIVE_INFINITY;
  const backOpen = new Map<number, number>();
  const backEvent = new Map<number, number>();
  const onVictimAtKill = new Set<number>();
  for (let i = 0; i < VIEWERS; i++) {
    viewers.push(
      new ReconnectingViewer(`${cluster.url}/api/leaderboard/stream`, {
        keepEvents: false,
        onConnect: (instance, at) => {
          if (at > killedAt && instance === 'app1' && !backOpen.has(i)) backOpen.set(i, at);
        },
        onEvent: (event) => {
          if (event.at > killedAt && event.instance === 'app1' && !backEvent.has(i)) backEvent.set(i, event.at);
          if (event.event === 'heartbeat' || probes.size === 0) return;
          for (const name of probesIn(event)) {
            const probe = probes.get(name)!;
            if (!probe.seen.has(i)) probe.seen.set(i, { at: event.at, instance: event.instance });
          }
        },
      }).start(),
    );
  }
  const deadline = performance.now() + 120_000;
  while (viewers.some((viewer) => !viewer.connected) && performance.now() < deadline) await sleep(200);
  const spread = viewers.reduce<Record<string, number>>(
    (counts, viewer) => ((counts[viewer.instance ?? 'none'] = (counts[viewer.instance ?? 'none'] ?? 0) + 1), counts),
    {},
  );
  console.log(`viewers connected: ${JSON.stringify(spread)}`);

  const load = openLoop(cluster, players);
  await sleep(WARMUP * 1000);
  const steadyFrom = performance.now();
  // Probes: each finishes a game on one instance directly, alternately app1 and app2, one every
  // SECONDS / PROBES, each on its own (a slow answer does not hold the next back); those unfinished at the kill are
  // left out.
  const probeRuns = probePlayers.map(async (probe, p) => {
    await sleep(((p + 0.25) * SECONDS * 1000 * 0.8) / PROBES);
    const instance = active.instances[p % 2];
    if (!(await ensureAttempt(active.url, instance.url, probe))) return;
    for (let slot = 1; slot <= 3; slot++) {
      // Watched from before the finishing guess is sent: the board may show it before its answer arrives.
      if (slot === 3) probes.set(probe.name, { instance: instance.name, attemptId: probe.attemptId!, seen: new Map() });
      const outcome = await sendClusterGuess(
        active.url,
        instance.url,
        probe,
        probe.attemptId!,
        slot,
        `probe ${p} guess ${slot}`,
        randomBytes(16).toString('base64url'),
      );
      if (outcome.result !== 'ok') return;
    }
  });
  const killPlannedAt = steadyFrom + SECONDS * 1000;
  if (performance.now() < killPlannedAt) await sleep(killPlannedAt - performance.now());

  // ---- 3. SIGKILL app2 under load.
  for (const [index, viewer] of viewers.entries()) if (viewer.connected && viewer.instances.at(-1) === 'app2') onVictimAtKill.add(index);
  killedAt = performance.now();
  await cluster.kill('app2', 'SIGKILL');
  await sleep(SECONDS * 1000);
  const endAt = performance.now();
  // Viewers that are not back yet get until 30 s after the kill.
  while ([...onVictimAtKill].some((i) => !backEvent.has(i)) && performance.now() < killedAt + 30_000) await sleep(200);
  await load.stop();

  const before = window(load.outcomes, steadyFrom, killedAt);
  const after = window(load.outcomes, killedAt, endAt);
  console.log(`\n2 instances behind haproxy, ${VIEWERS} viewers: ${JSON.stringify(before)}`);

  // Second by second around the kill: guesses served (by when they were due) and their latency p95.
  const timeline: string[] = [];
  for (let second = Math.floor((steadyFrom - killedAt) / 1000); second < (endAt - killedAt) / 1000; second++) {
    const bucket = window(load.outcomes, killedAt + second * 1000, killedAt + (second + 1) * 1000);
    timeline.push(`${second}s:${bucket.servedPerSecond}/${bucket.failed}/${bucket.latencyMs.p95}`);
  }
  console.log(`timeline around the kill (second: served/failed/p95 ms): ${timeline.join(' ')}`);

  // Finish → board: from the finish's commit (completed_at, the database's clock on this machine) to the viewer
  // parsing the board that shows it (its performance.now() taken back to the epoch).
  await Promise.race([Promise.all(probeRuns), sleep(1000)]);
  const cross: number[] = [];
  const same: number[] = [];
  let pairsMissing = 0;
  let probesFinished = 0;
  for (const probe of probes.values()) {
    const { rows: finished } = await sql.query(`select completed_at from attempts where id = $1 and completed_at is not null`, [
      probe.attemptId,
    ]);
    if (finished.length === 0) continue;
    probesFinished++;
    const finishedAt = (finished[0].completed_at as Date).getTime();
    for (const seen of probe.seen.values())
      (seen.instance === probe.instance ? same : cross).push(performance.timeOrigin + seen.at - finishedAt);
    // Viewers that were connected throughout and never showed it (pushed out of the board by then, or not delivered).
    pairsMissing += VIEWERS - probe.seen.size;
  }
  console.log(
    `finish → viewers' board (ms, from the finish's commit; ${probesFinished} probes, ${VIEWERS} viewers): ` +
      `cross-instance ${JSON.stringify(stats(cross))}, same instance ${JSON.stringify(stats(same))}, viewer×probe pairs not shown: ${pairsMissing}`,
  );

  // Acknowledged guesses: every one in the database, in its slot, under its key.
  const acknowledged = load.outcomes.filter((o) => o.result === 'ok');
  const attemptIds = [...new Set(load.outcomes.filter((o) => o.attemptId).map((o) => o.attemptId))];
  const { rows } = await sql.query(
    `select id, guess_1, guess_1_key, guess_2, guess_2_key, guess_3, guess_3_key from attempts where id = any($1::uuid[])`,
    [attemptIds],
  );
  const stored = new Map(rows.map((row: Record<string, string | null>) => [row.id, row]));
  const slotOf = (o: GuessOutcome) => {
    const row = stored.get(o.attemptId);
    return row ? { text: row[`guess_${o.slot}`], key: row[`guess_${o.slot}_key`] } : undefined;
  };
  const lost = acknowledged.filter((o) => {
    const slot = slotOf(o);
    return slot?.text !== o.text || slot?.key !== o.key;
  });
  // Failed guesses: resent with their key, as the web client does (through the balancer, to the survivor).
  const failed = load.outcomes.filter((o) => o.result === 'error' && o.attemptId);
  let storedDespiteError = 0;
  let filledByNextTry = 0;
  let retriedOk = 0;
  let retriedFailed = 0;
  const retriedFailedBy: Record<string, number> = {};
  for (const outcome of failed) {
    const slot = slotOf(outcome);
    if (slot?.key === outcome.key) storedDespiteError++;
    else if (slot?.text != null) {
      filledByNextTry++;
      continue;
    }
    const again = await sendClusterGuess(
      cluster.url,
      cluster.url,
      outcome.player,
      outcome.attemptId,
      outcome.slot,
      outcome.text,
      outcome.key,
    );
    if (again.result === 'ok') retriedOk++;
    else {
      retriedFailed++;
      const key = `${again.status} ${again.code ?? ''}`.trim();
      retriedFailedBy[key] = (retriedFailedBy[key] ?? 0) + 1;
    }
  }
  const failuresByStatus = load.outcomes
    .filter((o) => o.result === 'error')
    .reduce<Record<string, number>>(
      (counts, o) => ((counts[`${o.status} ${o.code ?? ''}`.trim()] = (counts[`${o.status} ${o.code ?? ''}`.trim()] ?? 0) + 1), counts),
      {},
    );
  const victims = [...onVictimAtKill];
  console.log(`\nSIGKILL of app2 (${victims.length} viewers on it):`);
  console.log(
    `  guesses/s served: before ${before.servedPerSecond}, after ${after.servedPerSecond}; latency before ${JSON.stringify(before.latencyMs)}, after ${JSON.stringify(after.latencyMs)}`,
  );
  console.log(`  acknowledged ${acknowledged.length}, lost ${lost.length}`);
  console.log(
    `  failed ${load.outcomes.length - acknowledged.length} ${JSON.stringify(failuresByStatus)}: stored though the answer was lost ${storedDespiteError}; ` +
      `resent with their key: ${retriedOk} answered, ${retriedFailed} not ${JSON.stringify(retriedFailedBy)}; ${filledByNextTry} slots already filled by the player's next try`,
  );
  console.log(
    `  viewers back, from the kill (ms): stream open on the survivor ${JSON.stringify(stats(victims.filter((i) => backOpen.has(i)).map((i) => backOpen.get(i)! - killedAt)))}, ` +
      `first event from it ${JSON.stringify(stats(victims.filter((i) => backEvent.has(i)).map((i) => backEvent.get(i)! - killedAt)))}, ` +
      `not back within 30 s: ${victims.filter((i) => !backEvent.has(i)).length}`,
  );
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  if (lost.length > 0) process.exitCode = 1;
} finally {
  for (const viewer of viewers) viewer.close();
  await cluster?.close();
  await s3.close();
  await sql.end();
  const cleanup = new pg.Client({ connectionString: adminUrl });
  await cleanup.connect();
  await cleanup.query(`drop database if exists ${databaseName} with (force)`);
  await cleanup.end();
}

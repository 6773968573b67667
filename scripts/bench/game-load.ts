// `npm run bench:game`: the guess path under a booth crowd, open loop, on the real server (the bundle `npm start`
// runs, as a child process in its own process group).
//
// The crowd: every guess comes from a signed-in player with a session of their own (hundreds of them, seeded in the
// database with the server's own signing secret: made through sign-up, each would cost a scrypt), each on a fresh
// attempt, sending what a phone sends (the session cookie, kept up to date from Set-Cookie like a browser's jar;
// Origin; JSON) to the route the phone uses. Guesses ARRIVE AT A FIXED RATE whether or not earlier ones were
// answered (open loop); guess k belongs to player k mod P, and a player's next guess waits for its previous answer
// (a phone sends one guess at a time); a player's game screen is loaded (GET /api/game/current) a second before its
// first guess, as a phone loads it (and starts the game) before guessing. Latency is measured from each guess's
// scheduled arrival, so a server that falls behind shows it (no coordinated omission). A refused (503) guess is sent
// again at the player's next turn.
//
// Measured per run: guesses served per second, latency p50/p95/p99 (all answers, and served guesses only), status
// counts, server CPU per served guess from /proc (all threads of every process in the server's process group, and
// the main thread alone), RSS of the server process. Every result names the CPU model, core count and Node version.
//
//   npm run bench:game -- [rate=50] [seconds=20] [pg|pglite]
//   npm run bench:game -- --rates 50,100,200 --db pg,pglite --runs 3 --seconds 20 [--warmup 3] [--compare <git ref>]
//
// --compare <ref> builds <ref> in a temporary git worktree (node_modules hard-linked: cp -al; its own `npm ci` when its
// package-lock.json differs) and alternates runs of <ref> and of this working tree (ref first, then this, per
// repetition), so both see the same machine load; it reports medians, spread (min–max) and the ratio this/ref.
// BENCH_CPU_PROF=<dir> writes V8 CPU profiles of the server.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import sharp from 'sharp';
import { ensureServerBuild, serverMallocEnv } from '../build-server.mjs';
import { demoPackDir, repoRoot } from '../paths';
import { machine, summarize } from './bench-server';

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rates: { type: 'string' },
    db: { type: 'string' },
    runs: { type: 'string', default: '1' },
    seconds: { type: 'string' },
    compare: { type: 'string' },
    port: { type: 'string', default: '3190' },
    json: { type: 'string' },
    warmup: { type: 'string', default: '3' },
  },
});
const rates = (options.rates ?? positionals[0] ?? '50').split(',').map(Number);
const seconds = Number(options.seconds ?? positionals[1] ?? 20);
const databases = (options.db ?? positionals[2] ?? 'pg').split(',').map((d) => (d === 'pglite' ? 'pglite' : 'pg')) as Array<
  'pg' | 'pglite'
>;
const runs = Number(options.runs);
const port = Number(options.port);
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const PACK_SIZE = 48;
// Seconds of load before each measured run (other players, not measured): JIT, pools, caches. 3 by default; a longer one
// measures the code as an hours-old server runs it (most of the guess path is still in V8's baseline tier after 20 s at 50/s).
const WARMUP_SECONDS = Number(options.warmup);
if (!(WARMUP_SECONDS >= 0)) throw new Error(`--warmup takes seconds (0 or more), not "${options.warmup}"`);

// ---------------------------------------------------------------------------------------------------------------
// ---------------------------------------------------------------------------------------------------------------
// /proc readers: CPU of a whole process group and of one thread, in clock ticks (USER_HZ = 100 on Linux).

const TICK_MS = 10;

function statFields(file: string): string[] | null {
  try {
    const text = readFileSync(file, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // the process or thread ended meanwhile
  }
}

/** utime + stime of every process whose process group is `pgid` (each process's stat sums all of its threads). */
function groupCpuTicks(pgid: number): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(`/proc/${entry}/stat`);
    // After ") ": [0] state, [1] ppid, [2] pgrp, … [11] utime, [12] stime.
    if (fields && Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks;
}

/** utime + stime of the main thread (the event loop) alone. */
function mainThreadCpuTicks(pid: number): number {
  const fields = statFields(`/proc/${pid}/task/${pid}/stat`);
  return fields ? Number(fields[11]) + Number(fields[12]) : 0;
}

function statusKiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))![1]);
}

// ---------------------------------------------------------------------------------------------------------------
// What is measured: this working tree, and (with --compare) another ref built in a temporary worktree.

interface Target {
  label: string;
  root: string;
  bundle: string;
}

async function thisTarget(): Promise<Target> {
  const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: repoRoot, encoding: 'utf8' }).trim() !== '';
  // A copy beside the bundle (its relative paths stay right), so a rebuild during the runs (tests) cannot change it.
  const built = await ensureServerBuild();
  const bundle = path.join(path.dirname(built), `bench-${process.pid}.mjs`);
  copyFileSync(built, bundle);
  if (existsSync(`${built}.map`)) copyFileSync(`${built}.map`, `${bundle}.map`);
  cleanups.push(
    () => rmSync(bundle, { force: true }),
    () => rmSync(`${bundle}.map`, { force: true }),
  );
  return { label: `this (${head}${dirty ? '+changes' : ''})`, root: repoRoot, bundle };
}

const cleanups: Array<() => void> = [];

function refTarget(ref: string): { target: Target; remove(): void } {
  const sha = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: repoRoot, encoding: 'utf8' }).trim();
  const dir = `/tmp/gg-bench-ref-${sha.slice(0, 12)}-${process.pid}`;
  execFileSync('git', ['worktree', 'add', '--detach', dir, sha], { cwd: repoRoot, stdio: 'ignore' });
  const remove = () => {
    try {
      execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: repoRoot, stdio: 'ignore' });
    } catch {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    // The same lock file: this tree's node_modules, hard-linked. Another one (a ref from before a dependency change):
    // the ref's own install, from npm's cache where it can (`npm ci` in the worktree, ~1 min).
    const sameLock =
      readFileSync(path.join(dir, 'package-lock.json'), 'utf8') === readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8');
    if (sameLock) execFileSync('cp', ['-al', path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules')]);
    else {
      console.log(`${ref}: its package-lock.json differs from this tree's, so it gets its own npm ci`);
      execFileSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit' });
    }
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: dir, stdio: 'inherit' });
  } catch (error) {
    remove();
    throw error;
  }
  return { target: { label: `${ref} (${sha.slice(0, 7)})`, root: dir, bundle: path.join(dir, 'dist/server/main.mjs') }, remove };
}

// ---------------------------------------------------------------------------------------------------------------
// The challenge pack: a few dozen distinct images (the demo's, hue-shifted), played with prompt reuse on.

async function buildPack(): Promise<string> {
  const source = existsSync(demoPackDir) ? demoPackDir : '/work/shared/demo-pack';
  const dir = `/tmp/gg-bench-pack-${PACK_SIZE}-${process.pid}`;
  mkdirSync(path.join(dir, 'images'), { recursive: true });
  const demo = JSON.parse(readFileSync(path.join(source, 'manifest.json'), 'utf8')) as Array<{ file: string; prompt: string }>;
  const styles = [
    'oil painting',
    'watercolor',
    'neon cyberpunk',
    'studio photo',
    'pixel art',
    'pencil sketch',
    'low poly 3d render',
    'vintage postcard',
  ];
  const manifest = Array.from({ length: PACK_SIZE }, (_, i) => {
    const base = demo[i % demo.length];
    return {
      base: base.file,
      file: `images/${String(i).padStart(4, '0')}.webp`,
      prompt: `${base.prompt}, ${styles[Math.floor(i / demo.length) % styles.length]}`,
    };
  });
  for (const [i, entry] of manifest.entries()) {
    await sharp(path.join(source, entry.base))
      .modulate({ hue: (i * 7) % 360 })
      .resize(256)
      .webp()
      .toFile(path.join(dir, entry.file));
  }
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest.map(({ file, prompt }) => ({ file, prompt }))));
  return dir;
}

// Phone-typed guesses of 3–8 words, different for every guess.
const WORDS =
  'a cat dog dragon robot castle city night sunset forest ocean painting neon glowing old tiny giant red blue golden flying sitting under over in with on the astronaut knight coffee skeleton mountain river space garden'.split(
    ' ',
  );
function guessText(k: number): string {
  const length = 3 + (k % 6);
  let x = (k * 2654435761) >>> 0;
  return Array.from({ length }, () => {
    x = (x * 1103515245 + 12345) >>> 0;
    return WORDS[x % WORDS.length];
  }).join(' ');
}

// ---------------------------------------------------------------------------------------------------------------
// One server, on a fresh database.

interface Server {
  child: ChildProcess;
  baseUrl: string;
  stop(): Promise<void>;
}

async function startServer(
  target: Target,
  database: { kind: 'pg' | 'pglite'; url: string; dataDir: string },
  pack: string,
): Promise<Server> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const child = spawn(process.execPath, [...profile, '--enable-source-maps', target.bundle], {
    cwd: target.root,
    // Its own process group: the CPU of every thread and child process of the server is summed over it.
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      ...(database.kind === 'pg' ? { DATABASE_URL: database.url } : {}),
      DATA_DIR: database.dataDir,
      BETTER_AUTH_SECRET: AUTH_SECRET,
      CHALLENGE_PACK: pack,
      AUTH_RATE_LIMIT: 'false',
      ...serverMallocEnv(),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() - started > 600_000) {
      process.kill(-child.pid!, 'SIGKILL');
      throw new Error('server did not start within 600 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    child,
    baseUrl,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Runs SQL on the run's database: PostgreSQL while the server runs; PGlite only while no server holds it. */
async function withSql<T>(
  database: { kind: 'pg' | 'pglite'; url: string; dataDir: string },
  fn: (query: (text: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>) => Promise<T>,
): Promise<T> {
  if (database.kind === 'pg') {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return await fn(async (text, params) => (await client.query(text, params as unknown[])).rows);
    } finally {
      await client.end();
    }
  }
  const client = await PGlite.create({ dataDir: path.join(database.dataDir, 'pglite') });
  try {
    return await fn(async (text, params) => (await client.query<Record<string, unknown>>(text, params as unknown[])).rows);
  } finally {
    await client.close();
  }
}

interface Player {
  cookies: Map<string, string>;
  attemptId: string;
  stored: number;
  previous: Promise<unknown>;
}

const signedCookie = (token: string) => encodeURIComponent(`${token}.${createHmac('sha256', AUTH_SECRET).update(token).digest('base64')}`);

/** Verified players with a display name, a session each as sign-in makes it (14 days) and a fresh attempt each. */
async function seedPlayers(
  query: (text: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>,
  count: number,
  tag: string,
): Promise<Player[]> {
  await query(`update event_settings set allow_prompt_reuse = true, min_seconds_between_challenges = 0, max_challenges_per_player = null`);
  await query(
    `insert into event_settings (id, allow_prompt_reuse, min_seconds_between_challenges) values (1, true, 0) on conflict (id) do nothing`,
  );
  const challengeIds = (await query(`select id from challenges order by id`)).map((row) => String(row.id));
  if (challengeIds.length === 0) throw new Error('no challenges were imported');
  const players: Player[] = [];
  for (let start = 0; start < count; start += 500) {
    const n = Math.min(500, count - start);
    const ids = Array.from({ length: n }, () => randomUUID());
    const tokens = Array.from({ length: n }, () => randomBytes(24).toString('base64url'));
    const attemptIds = Array.from({ length: n }, () => randomUUID());
    const names = ids.map((_, i) => `B${tag}${start + i}`);
    await query(
      `insert into "user" (id, name, email, email_verified, role) select id, '', id || '@bench.test', true, 'player' from unnest($1::text[]) as t(id)`,
      [ids],
    );
    await query(`insert into profiles (id, display_name, display_name_key) select * from unnest($1::text[], $2::text[], $3::text[])`, [
      ids,
      names,
      names.map((name) => name.toLowerCase()),
    ]);
    await query(
      `insert into session (id, token, user_id, expires_at, ip_address, user_agent)
       select gen_random_uuid()::text, token, user_id, now() + interval '14 days', '127.0.0.1', 'bench' from unnest($1::text[], $2::text[]) as t(token, user_id)`,
      [tokens, ids],
    );
    await query(`insert into attempts (id, user_id, challenge_id) select * from unnest($1::uuid[], $2::text[], $3::uuid[])`, [
      attemptIds,
      ids,
      ids.map((_, i) => challengeIds[(start + i) % challengeIds.length]),
    ]);
    for (let i = 0; i < n; i++) {
      players.push({
        cookies: new Map([['better-auth.session_token', signedCookie(tokens[i])]]),
        attemptId: attemptIds[i],
        stored: 0,
        previous: Promise.resolve(),
      });
    }
  }
  return players;
}

/** A browser's cookie jar, reduced to what matters here: Set-Cookie replaces or (Max-Age=0 / empty) deletes. */
function updateJar(player: Player, response: Response) {
  for (const header of response.headers.getSetCookie()) {
    const [pair, ...attributes] = header.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = value === '' || attributes.some((a) => /^\s*max-age=(0|-\d+)\s*$/i.test(a));
    if (expired) player.cookies.delete(name);
    else player.cookies.set(name, value);
  }
}

interface Load {
  served: number;
  statuses: Record<string, number>;
  elapsedSeconds: number;
  latencies: number[];
  servedLatencies: number[];
}

/** One more answer of this kind (a status, or what went wrong). */
const count = (statuses: Map<number | string, number>, kind: number | string) => statuses.set(kind, (statuses.get(kind) ?? 0) + 1);

const headersOf = (baseUrl: string, player: Player) => ({
  accept: 'application/json',
  origin: baseUrl,
  cookie: [...player.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
});

/**
 * The page load of a player's game screen (GET /api/game/current, what a phone asks before its first guess, as it
 * asks POST /api/game/start): part of the server's work for the player's guesses, so inside the CPU measured, but not
 * a guess (its answer is not in the latencies). A non-200 is counted as `page load <status>`.
 */
function loadPage(baseUrl: string, player: Player, statuses: Map<number | string, number>) {
  const loaded = fetch(`${baseUrl}/api/game/current`, { headers: headersOf(baseUrl, player) })
    .then(async (response) => {
      updateJar(player, response);
      await response.arrayBuffer();
      if (response.status !== 200) count(statuses, `page load ${response.status}`);
    })
    .catch(() => count(statuses, 'page load network error'));
  player.previous = player.previous.then(() => loaded);
  return loaded;
}

/**
 * Open-loop arrivals at `rate` for `seconds`: guess k from player k mod P, after that player's previous answer. Each
 * player's page is loaded one second (`rate` arrivals) before its first guess is due.
 */
async function offer(baseUrl: string, players: Player[], rate: number, seconds: number, guessOffset: number): Promise<Load> {
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  const servedLatencies: number[] = [];
  const statuses = new Map<number | string, number>();
  const inFlight: Promise<unknown>[] = [];
  const lead = Math.min(rate, players.length);
  await Promise.all(players.slice(0, lead).map((player) => loadPage(baseUrl, player, statuses)));
  const t0 = performance.now();
  for (let k = 0; k < total; k++) {
    const scheduled = t0 + (k * 1000) / rate;
    const wait = scheduled - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (k + lead < players.length) inFlight.push(loadPage(baseUrl, players[k + lead], statuses));
    const player = players[k % players.length];
    const send = player.previous.then(async () => {
      const slot = player.stored + 1;
      if (slot > 3) return;
      try {
        const response = await fetch(`${baseUrl}/api/game/attempts/${player.attemptId}/guesses`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headersOf(baseUrl, player) },
          body: JSON.stringify({ guess: guessText(guessOffset + k), guessNumber: slot }),
        });
        updateJar(player, response);
        await response.arrayBuffer();
        const latency = performance.now() - scheduled;
        latencies.push(latency);
        if (response.status === 200) {
          player.stored++;
          servedLatencies.push(latency);
        }
        count(statuses, response.status);
      } catch {
        count(statuses, 'network error');
      }
    });
    player.previous = send;
    inFlight.push(send);
  }
  await Promise.all(inFlight);
  const elapsedSeconds = (performance.now() - t0) / 1000;
  return { served: statuses.get(200) ?? 0, statuses: Object.fromEntries(statuses), elapsedSeconds, latencies, servedLatencies };
}

/**
 * A walk-up signs up through better-auth before the warm-up, as players do all day at a booth, so that the server under
 * load is in a booth server's state whatever path its sessions take: on Node 20, the first request better-auth answers
 * turns on its AsyncLocalStorage, and with it a hook on every promise the process makes from then on.
 */
async function signUpWalkUp(baseUrl: string) {
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: `walk-up-${randomUUID()}@bench.test`, password: 'correct horse battery', name: '' }),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`the walk-up's sign-up answered ${response.status}`);
}

interface RunResult {
  target: string;
  database: 'pg' | 'pglite';
  offeredPerSecond: number;
  seconds: number;
  servedPerSecond: number;
  statuses: Record<string, number>;
  guessMs: ReturnType<typeof summarize>;
  servedGuessMs: ReturnType<typeof summarize>;
  /** Server CPU per served guess, ms: every thread of every process in the server's process group. */
  cpuMsPerGuess: number;
  /** The main thread (event loop) alone, ms per served guess. */
  mainThreadCpuMsPerGuess: number;
  /** Share of one core the main thread used during the load. */
  mainThreadBusy: number;
  /** RSS of the server process: before and after the measured load, its highest sample during it (every 250 ms), and
   * VmHWM, the highest over the process's whole life (start-up and pack import included). */
  rssMiB: { beforeLoad: number; afterLoad: number; underLoadMax: number; peak: number };
}

async function runOnce(target: Target, kind: 'pg' | 'pglite', rate: number, pack: string, tag: string): Promise<RunResult> {
  const name = `gg_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  const database = { kind, url: Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString(), dataDir: `/tmp/${name}` };
  if (kind === 'pg') {
    await admin.connect();
    await admin.query(`create database ${name}`);
  }
  const total = Math.round(rate * seconds);
  const warmupTotal = Math.round(rate * WARMUP_SECONDS);
  let server: Server | undefined;
  try {
    // First start: migrations and the pack import. PGlite is one process's: seed it with the server stopped.
    server = await startServer(target, database, pack);
    if (kind === 'pglite') await server.stop();
    const seeded = await withSql(database, (query) => seedPlayers(query, Math.ceil(total / 3) + Math.ceil(warmupTotal / 3), tag));
    if (kind === 'pglite') server = await startServer(target, database, pack);
    const warmup = seeded.slice(0, Math.ceil(warmupTotal / 3));
    const players = seeded.slice(warmup.length);
    await signUpWalkUp(server.baseUrl);
    // Warm-up (not measured): JIT, connection pools, the prompt-vector cache.
    await offer(server.baseUrl, warmup, rate, WARMUP_SECONDS, 1_000_000);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const pid = server.child.pid!;
    const rssBefore = statusKiB(pid, 'VmRSS');
    const groupBefore = groupCpuTicks(pid);
    const mainBefore = mainThreadCpuTicks(pid);
    let rssUnderLoad = rssBefore;
    const rssSampler = setInterval(() => {
      rssUnderLoad = Math.max(rssUnderLoad, statusKiB(pid, 'VmRSS'));
    }, 250);
    const load = await offer(server.baseUrl, players, rate, seconds, 0).finally(() => clearInterval(rssSampler));
    const groupTicks = groupCpuTicks(pid) - groupBefore;
    const mainTicks = mainThreadCpuTicks(pid) - mainBefore;
    const served = Math.max(1, load.served);
    return {
      target: target.label,
      database: kind,
      offeredPerSecond: rate,
      seconds,
      servedPerSecond: round1(load.served / load.elapsedSeconds),
      statuses: load.statuses,
      guessMs: summarize(load.latencies),
      // Of the guesses scored and stored only: fast 503 refusals past saturation would flatter guessMs.
      servedGuessMs: summarize(load.servedLatencies),
      cpuMsPerGuess: round1((groupTicks * TICK_MS) / served),
      mainThreadCpuMsPerGuess: round1((mainTicks * TICK_MS) / served),
      mainThreadBusy: Math.round(((mainTicks * TICK_MS) / (load.elapsedSeconds * 1000)) * 100) / 100,
      rssMiB: {
        beforeLoad: Math.round(rssBefore / 1024),
        afterLoad: Math.round(statusKiB(pid, 'VmRSS') / 1024),
        underLoadMax: Math.round(rssUnderLoad / 1024),
        peak: Math.round(statusKiB(pid, 'VmHWM') / 1024),
      },
    };
  } finally {
    await server?.stop().catch(() => undefined);
    if (kind === 'pg') {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin.end();
    }
    rmSync(database.dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Report.

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
const round1 = (n: number) => Math.round(n * 10) / 10;
const spread = (values: number[]) => `${round1(median(values))} (${round1(Math.min(...values))}–${round1(Math.max(...values))})`;

const METRICS: Array<[string, (r: RunResult) => number]> = [
  ['served/s', (r) => r.servedPerSecond],
  ['refused (503)', (r) => r.statuses['503'] ?? 0],
  ['p50 ms (all)', (r) => r.guessMs.p50],
  ['p95 ms (all)', (r) => r.guessMs.p95],
  ['p99 ms (all)', (r) => r.guessMs.p99],
  ['p95 ms (served)', (r) => r.servedGuessMs.p95],
  ['CPU ms/guess, all threads', (r) => r.cpuMsPerGuess],
  ['CPU ms/guess, main thread', (r) => r.mainThreadCpuMsPerGuess],
  ['main thread busy', (r) => r.mainThreadBusy],
  ['RSS under load, max MiB', (r) => r.rssMiB.underLoadMax],
  ['RSS peak MiB (whole life)', (r) => r.rssMiB.peak],
];

function report(results: RunResult[], targets: Target[]) {
  const lines: string[] = [];
  const m = machine();
  lines.push(`Machine: ${m.cpu}, ${m.cores} cores, Node ${m.node}; load average at start ${m.loadAverageAtStart.join(' ')}`);
  lines.push(
    `${seconds} s per run after ${WARMUP_SECONDS} s of warm-up, ${runs} run(s) per cell${targets.length > 1 ? ', targets alternated' : ''}; median (min–max)`,
  );
  for (const kind of databases) {
    for (const rate of rates) {
      const cell = (t: Target) => results.filter((r) => r.target === t.label && r.database === kind && r.offeredPerSecond === rate);
      lines.push('');
      lines.push(`### ${kind === 'pg' ? 'PostgreSQL' : 'PGlite'}, ${rate}/s offered`);
      const header = ['metric', ...targets.map((t) => t.label), ...(targets.length === 2 ? ['ratio this/ref'] : [])];
      lines.push(`| ${header.join(' | ')} |`);
      lines.push(`|${header.map(() => '---').join('|')}|`);
      for (const [label, read] of METRICS) {
        const columns = targets.map((t) => cell(t).map(read));
        const cells = [label, ...columns.map((values) => (values.length ? spread(values) : '–'))];
        if (targets.length === 2)
          cells.push(
            columns[0].length && columns[1].length && median(columns[0]) !== 0
              ? String(Math.round((median(columns[1]) / median(columns[0])) * 100) / 100)
              : '–',
          );
        lines.push(`| ${cells.join(' | ')} |`);
      }
    }
  }
  return lines.join('\n');
}

async function main() {
  console.log(JSON.stringify({ machine: machine() }));
  const pack = await buildPack();
  cleanups.push(() => rmSync(pack, { recursive: true, force: true }));
  const results: RunResult[] = [];
  const targets: Target[] = [];
  try {
    if (options.compare) {
      const compare = refTarget(options.compare);
      cleanups.push(compare.remove);
      targets.push(compare.target);
    }
    targets.push(await thisTarget());
    for (const kind of databases) {
      for (const rate of rates) {
        for (let run = 0; run < runs; run++) {
          for (const target of targets) {
            const result = await runOnce(target, kind, rate, pack, `${run}${targets.indexOf(target)}`);
            results.push(result);
            console.log(JSON.stringify({ ...result, machine: machine() }));
          }
        }
      }
    }
  } finally {
    for (const cleanup of cleanups) cleanup();
  }
  const text = report(results, targets);
  console.log(`\n${text}`);
  if (options.json) writeFileSync(options.json, JSON.stringify({ machine: machine(), results }, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

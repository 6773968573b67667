// kill -9 under load (docs/decisions/010: a durable PGlite): the real server as a child process, players playing (start + 3 guesses), SIGKILL
// mid-load, restart on the same data, and every acknowledged guess must be there. Shared by the short CI test
// (tests/durability/kill9.test.ts) and the long run (`npm run bench:kill9`).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { repoRoot, demoPackDir } from '../../scripts/paths';
import { createBenchPlayer } from './http-player';
import { ensureServerBuild } from '../../scripts/build-server.mjs';

export interface Ack {
  cookie: string;
  attemptId: string;
  guessNumber: number;
  guess: string;
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The server exactly as `npm start` runs it, on `dataDir` (PGlite) or `databaseUrl`; resolves once /api/health answers. */
export async function startGameServer(options: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  bundle?: string;
}): Promise<{ child: ChildProcess; baseUrl: string; output(): string }> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  // The server as `npm start` runs it: the bundle (the tests pass theirs), rebuilt first when a source is newer.
  const bundle = options.bundle ?? (await ensureServerBuild());
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: options.dataDir,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      CHALLENGE_PACK: demoPackDir,
      AUTH_RATE_LIMIT: 'false',
      LOG_LEVEL: 'warn',
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    if (
      await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() - started > 180_000) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within 180 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, baseUrl, output: () => output };
}

const guesses = ['a cat on a sofa', 'a dragon over a city at night', 'colourful animals in space'];

/**
 * `players` players play games (at most `gamesPerPlayer` each) until `loadMs` have passed, then the server gets
 * SIGKILL while requests are in flight. Returns every guess the server acknowledged with 200.
 */
export async function playThenKill(
  baseUrl: string,
  child: ChildProcess,
  options: { players: number; gamesPerPlayer: number; loadMs: number; killAfterAcks?: number; firstIndex?: number },
) {
  const accounts = await Promise.all(
    Array.from({ length: options.players }, (_, i) => createBenchPlayer(baseUrl, (options.firstIndex ?? 0) + i)),
  );
  const acks: Ack[] = [];
  const refusals: string[] = [];
  let stop = false;
  const post = (cookie: string, url: string, body?: unknown) =>
    fetch(`${baseUrl}${url}`, {
      method: 'POST',
      headers: { origin: baseUrl, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  const play = async ({ cookie }: { cookie: string }) => {
    for (let game = 0; game < options.gamesPerPlayer && !stop; game++) {
      const started = await post(cookie, '/api/game/start');
      if (started.status !== 201) return void refusals.push(`start ${started.status} ${await started.text()}`);
      const { attempt } = (await started.json()) as { attempt: { id: string } };
      for (let n = 1; n <= 3 && !stop; n++) {
        const guess = `${guesses[n - 1]} ${game}`;
        let response = await post(cookie, `/api/game/attempts/${attempt.id}/guesses`, { guess, guessNumber: n });
        // A busy server refuses with 503 + Retry-After and stores nothing; the phone sends the guess again, as here.
        for (let retry = 0; response.status === 503 && retry < 5 && !stop; retry++) {
          await response.arrayBuffer();
          await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000));
          response = await post(cookie, `/api/game/attempts/${attempt.id}/guesses`, { guess, guessNumber: n });
        }
        if (response.status !== 200) return void refusals.push(`guess ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
        acks.push({ cookie, attemptId: attempt.id, guessNumber: n, guess });
      }
    }
  };
  const load = Promise.all(accounts.map((account) => play(account).catch(() => undefined)));
  // Kill once `killAfterAcks` guesses were acknowledged (a busy machine scores slowly), at least after loadMs.
  const started = Date.now();
  while (Date.now() - started < options.loadMs || acks.length < (options.killAfterAcks ?? 0)) {
    if (Date.now() - started > 120_000) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  stop = true;
  await exited;
  await load;
  return Object.assign(acks, { refusals });
}

/** Acknowledged guesses the (restarted) server no longer has, read through the players' own attempt lists. */
export async function missingAcks(baseUrl: string, acks: Ack[]): Promise<Ack[]> {
  const byPlayer = new Map<string, Ack[]>();
  for (const ack of acks) byPlayer.set(ack.cookie, [...(byPlayer.get(ack.cookie) ?? []), ack]);
  const missing: Ack[] = [];
  for (const [cookie, playerAcks] of byPlayer) {
    type Listed = { id: string; guesses: Array<{ number: number; text: string }> };
    const recent = (await (await fetch(`${baseUrl}/api/game/attempts`, { headers: { cookie } })).json()) as { attempts: Listed[] };
    const current = (await (await fetch(`${baseUrl}/api/game/current`, { headers: { cookie } })).json()) as { attempt: Listed | null };
    const attempts = [...recent.attempts, ...(current.attempt ? [current.attempt] : [])];
    for (const ack of playerAcks) {
      const attempt = attempts.find((a) => a.id === ack.attemptId);
      if (attempt?.guesses.find((g) => g.number === ack.guessNumber)?.text !== ack.guess) missing.push(ack);
    }
  }
  return missing;
}

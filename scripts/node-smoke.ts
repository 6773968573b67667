/**
 * A smoke run of the server on whatever Node runs this script (scripts/node-matrix.sh runs it under each Node LTS):
 * the server bundle on PGlite in a fresh data folder with the starter pack, a player signed up through the dev
 * mailbox, a challenge started, one guess scored over HTTP, then SIGTERM and a clean exit (0).
 *
 *   node --import tsx scripts/node-smoke.ts
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { GuessResponse } from '@contracts/game';
import { ensureServerBuild, serverMallocEnv } from './build-server.mjs';
import { repoRoot } from './paths';
import { createBenchPlayer } from '../tests/support/http-player';
import { freePort } from '../tests/support/server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'gg-node-smoke-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const bundle = await ensureServerBuild();
const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'];
const server = spawn(process.execPath, ['--enable-source-maps', bundle], {
  cwd: repoRoot,
  env: {
    ...Object.fromEntries(keep.filter((key) => process.env[key] !== undefined).map((key) => [key, process.env[key]])),
    ...serverMallocEnv({}),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
server.stdout!.on('data', (chunk) => (output += chunk));
server.stderr!.on('data', (chunk) => (output += chunk));
const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));

function fail(message: string): never {
  server.kill('SIGKILL');
  console.error(`node ${process.version} smoke FAILED: ${message}\n--- server output ---\n${output}`);
  process.exit(1);
}

try {
  const deadline = Date.now() + 600_000;
  while (
    !(await fetch(`${base}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (server.exitCode !== null) fail(`the server exited with ${server.exitCode}`);
    if (Date.now() > deadline) fail('the server was not ready within 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const { cookie } = await createBenchPlayer(base, 1);
  const headers = { origin: base, cookie };
  const started = await fetch(`${base}/api/game/start`, { method: 'POST', headers });
  if (started.status !== 201) fail(`start answered ${started.status}: ${await started.text()}`);
  const { attempt } = (await started.json()) as { attempt: { id: string } };
  const guessed = await fetch(`${base}/api/game/attempts/${attempt.id}/guesses`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      guess: 'a lighthouse on a rocky coast at sunset',
      guessNumber: 1,
      idempotencyKey: randomBytes(16).toString('base64url'),
    }),
  });
  if (guessed.status !== 200) fail(`the guess answered ${guessed.status}: ${await guessed.text()}`);
  const scored = (await guessed.json()) as GuessResponse;
  const score = scored.attempt.guesses.find((g) => g.number === 1)?.score;
  if (typeof score !== 'number') fail(`the guess has no score: ${JSON.stringify(scored)}`);
  server.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) fail(`SIGTERM: exit code ${code}`);
  console.log(`node ${process.version} smoke: server ready, player signed up, challenge started, guess scored ${score}, clean exit`);
} finally {
  if (server.exitCode === null) server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}

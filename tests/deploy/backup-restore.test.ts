/**
 * npm run backup / npm run restore on a running event, for real: a server with the starter pack's images on disk,
 * players who played before and after a leaderboard reset (so an archive exists); then a backup (on the embedded
 * database it is refused while the server runs and made once it stopped; on PostgreSQL it is made while it runs),
 * everything wiped (DATA_DIR, or the database and the images), a restore, and a new server that must show every
 * player the same history (with the sessions they had), the same board, the same archives and the same images.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../../scripts/paths';
import { migratedDataDir } from '../support/data-dir';
import { createBenchPlayer } from '../support/http-player';
import { startServer, type ServerProcess } from '../support/server-process';
import { POSTGRES_ADMIN_URL, postgresUrlFor } from '../support/test-database';

const onPostgres = process.env.TEST_DB === 'postgres';
const pgDumpInstalled = spawnSync('pg_dump', ['--version']).status === 0;
if (onPostgres && !pgDumpInstalled)
  console.warn('\n!!! backup/restore on PostgreSQL SKIPPED: pg_dump is not installed (apt-get install -y postgresql-client) !!!\n');

const SECRET = randomBytes(32).toString('base64url');
const ORGANIZER = { email: `organizer-${randomBytes(4).toString('hex')}@example.test`, password: 'organizer-password-1' };

function cli(command: 'backup' | 'restore' | 'admin-create', args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['scripts/cli.mjs', command, ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: '', ...env },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

async function adminQuery(sql: string) {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function call(server: ServerProcess, method: string, url: string, cookie: string, body?: unknown) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { origin: server.url, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return { json: text ? JSON.parse(text) : undefined, headers: response.headers };
}

async function playOneGame(server: ServerProcess, cookie: string) {
  const { json } = await call(server, 'POST', '/api/game/start', cookie);
  for (const guessNumber of [1, 2, 3])
    await call(server, 'POST', `/api/game/attempts/${json.attempt.id}/guesses`, cookie, {
      guess: `a picture, try ${guessNumber}`,
      guessNumber,
    });
  return json.attempt.imageUrl as string;
}

async function signIn(server: ServerProcess) {
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify(ORGANIZER),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** What must survive: every player's games, the board, the archives (each one whole), an image's bytes. */
async function eventState(server: ServerProcess, players: Array<{ cookie: string }>, organizerCookie: string, imageUrl: string) {
  const histories = [];
  for (const player of players) histories.push((await call(server, 'GET', '/api/game/attempts', player.cookie)).json);
  const board = (await call(server, 'GET', '/api/leaderboard', '')).json;
  const { archives } = (await call(server, 'GET', '/api/admin/leaderboard/archives', organizerCookie)).json;
  const archived = [];
  for (const archive of archives)
    archived.push((await call(server, 'GET', `/api/admin/leaderboard/archives/${archive.id}`, organizerCookie)).json);
  const image = await fetch(`${server.url}${imageUrl}`, { headers: { cookie: players[0].cookie } });
  expect(image.status).toBe(200);
  return { histories, board, archives: archived, image: Buffer.from(await image.arrayBuffer()).toString('base64') };
}

describe.skipIf(onPostgres && !pgDumpInstalled)('npm run backup / npm run restore', () => {
  let server: ServerProcess | undefined;
  const cleanup: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    await server?.stop();
    for (const step of cleanup.reverse()) await step();
  });

  it('brings back every player’s history, the board, the archives and the images after a wipe', { timeout: 600_000 }, async () => {
    const dataDir = migratedDataDir('gg-backup-');
    const backupDir = path.join(mkdtempSync(path.join(tmpdir(), 'gg-backup-out-')), 'event');
    cleanup.push(
      () => rmSync(dataDir, { recursive: true, force: true }),
      () => rmSync(path.dirname(backupDir), { recursive: true, force: true }),
    );
    let databaseUrl = '';
    let databaseName = '';
    if (onPostgres) {
      // A copy of the run's migrated template, with no connection of the test's own (a restore refuses while another
      // client is connected).
      const { template, prefix } = inject('postgresRun');
      databaseName = `${prefix}${randomBytes(6).toString('hex')}`;
      databaseUrl = postgresUrlFor(databaseName);
      await adminQuery(`create database "${databaseName}" template "${template}"`);
      cleanup.push(() => adminQuery(`drop database if exists "${databaseName}" with (force)`));
    }
    const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, BETTER_AUTH_SECRET: SECRET };
    const created = cli('admin-create', [ORGANIZER.email, '--password', ORGANIZER.password], env);
    expect(created.status, created.output).toBe(0);

    server = await startServer(env);
    const organizerCookie = await signIn(server);
    // A player plays again soon after the reset below: no wait between challenges.
    // The starter pack is practice (decision 050): counted here, so its games make a board to back up.
    await call(server, 'PATCH', '/api/admin/event', organizerCookie, { minSecondsBetweenChallenges: 0, practiceCounts: true });
    const players = [];
    for (let i = 0; i < 3; i++) players.push(await createBenchPlayer(server.url, i));
    const imageUrl = await playOneGame(server, players[0].cookie);
    for (const player of players.slice(1)) await playOneGame(server, player.cookie);
    await call(server, 'POST', '/api/admin/leaderboard/reset', organizerCookie, { label: 'Morning session' });
    await playOneGame(server, players[1].cookie);
    const before = await eventState(server, players, organizerCookie, imageUrl);
    expect(before.histories.map((history) => history.attempts.length)).toEqual([1, 2, 1]);
    expect(before.archives).toHaveLength(1);
    expect(before.board.entries.length).toBeGreaterThan(0);

    if (onPostgres) {
      // pg_dump reads one snapshot: the servers keep running.
      const backup = cli('backup', [backupDir], env);
      expect(backup.status, backup.output).toBe(0);
      await server.stop();
    } else {
      const refused = cli('backup', [backupDir], env);
      expect(refused.status).not.toBe(0);
      expect(refused.output).toContain('stop the server');
      await server.stop();
      const backup = cli('backup', [`${backupDir}`], env);
      expect(backup.status, backup.output).toBe(0);
    }
    server = undefined;

    // The wipe: the data directory (the embedded database and the images), and the PostgreSQL database.
    rmSync(dataDir, { recursive: true, force: true });
    if (onPostgres) {
      await adminQuery(`drop database "${databaseName}" with (force)`);
      await adminQuery(`create database "${databaseName}"`);
    }

    const restored = cli('restore', [backupDir], env);
    expect(restored.status, restored.output).toBe(0);
    // A second restore onto the restored data is refused without --force.
    const again = cli('restore', [backupDir], env);
    expect(again.status).not.toBe(0);

    server = await startServer(env);
    const after = await eventState(server, players, organizerCookie, imageUrl);
    expect(after).toEqual(before);
  });
});

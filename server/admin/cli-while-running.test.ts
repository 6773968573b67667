import { spawn } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/paths';
import { writePack } from '../../tests/support/game';
import { migratedDataDir } from '../../tests/support/data-dir';
import { spawnServer, startServer } from '../../tests/support/server-process';
import { createTestDatabase } from '../../tests/support/test-database';
import { openDatabase } from '../db/client';
import { LOCK_FILE, processStartOf } from '../db/data-dir-lock';
import { user } from '../db/tables/auth.tables';

/** Runs `npm run <script> -- ...args` as an organizer would, with the server's configuration. */
function npmRun(env: Record<string, string>, script: string, ...args: string[]) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function signIn(url: string, email: string, password: string) {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

describe('command-line tools while the server runs: nothing is lost', () => {
  const dataDir = migratedDataDir('gg-cli-');
  const env: Record<string, string> = { DATA_DIR: dataDir, STARTER_PACK: 'false' };
  const pglite = process.env.TEST_DB !== 'postgres';
  let postgres: Awaited<ReturnType<typeof createTestDatabase>> | undefined;

  beforeAll(async () => {
    if (!pglite) {
      postgres = await createTestDatabase();
      env.DATABASE_URL = postgres.url!;
    }
  });
  afterAll(async () => {
    await postgres?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("admin:create and challenges:import change the running server's database, and it is all there after a restart", async () => {
    const pack = await writePack({ count: 2 });
    const first = await startServer(env);
    let password: string | undefined;
    try {
      if (pglite) {
        // A second server on the same embedded database is refused, naming the first.
        const second = spawnServer({ ...env, PORT: '0', LOG_LEVEL: 'warn' });
        expect(await second.exited).not.toBe(0);
        expect(second.output()).toContain(`The server (pid ${first.child.pid}, ${first.url}`);
        expect(second.output()).toContain('Only one server may use an embedded database');
      }

      const created = await npmRun(env, 'admin:create', 'boss@example.test');
      expect(created.code, created.output).toBe(0);
      expect(created.output).toContain('Created organizer boss@example.test.');
      if (pglite) expect(created.output).toContain(`done by the running server, pid ${first.child.pid}`);
      password = created.output.match(/Password \(shown only now\): (\S+)/)?.[1];
      expect(password).toBeTruthy();

      const imported = await npmRun(env, 'challenges:import', pack.dir);
      expect(imported.code, imported.output).toBe(0);
      expect(imported.output).toContain('Imported 2 challenges, skipped 0 already present (2 in the pack).');

      // The running server sees both at once.
      const cookie = await signIn(first.url, 'boss@example.test', password!);
      const overview = await fetch(`${first.url}/api/admin/overview`, { headers: { cookie } });
      expect((await overview.json()).challenges.total).toBe(2);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    // Released on shutdown.
    if (pglite) expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

    const restarted = await startServer(env);
    try {
      const cookie = await signIn(restarted.url, 'boss@example.test', password!);
      const overview = await (await fetch(`${restarted.url}/api/admin/overview`, { headers: { cookie } })).json();
      expect(overview.challenges.total).toBe(2);
      const audit = await (await fetch(`${restarted.url}/api/admin/audit`, { headers: { cookie } })).json();
      expect(audit.entries.map((entry: { action: string; actor: string }) => `${entry.action} by ${entry.actor}`)).toEqual([
        'challenges.import by command line',
        'organizer.create by command line',
      ]);
    } finally {
      await restarted.stop();
    }
  }, 300_000);

  it.runIf(pglite)(
    'takes over a stale lock, and a tool refuses (changing nothing) while another tool holds the database',
    async () => {
      // A lock left by a process that was killed: the server starts anyway.
      writeFileSync(
        path.join(dataDir, LOCK_FILE),
        JSON.stringify({ pid: 2 ** 22 + 7, startedAt: '2020-01-01T00:00:00Z', processStart: null, kind: 'server', command: 'npm start' }),
      );
      const server = await startServer(env);
      await server.stop();

      // A live command-line tool holds it (this test process stands in for it).
      writeFileSync(
        path.join(dataDir, LOCK_FILE),
        JSON.stringify({
          pid: process.pid,
          startedAt: new Date().toISOString(),
          processStart: processStartOf(process.pid),
          kind: 'cli',
          command: 'npm run challenges:import',
        }),
      );
      const refused = await npmRun(env, 'admin:create', 'late@example.test');
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`\`npm run challenges:import\` (pid ${process.pid}`);
      expect(refused.output).toContain('Nothing was changed.');
      rmSync(path.join(dataDir, LOCK_FILE));

      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
      try {
        expect(await database.db.select().from(user).where(eq(user.email, 'late@example.test'))).toEqual([]);
      } finally {
        await database.close();
      }
    },
    300_000,
  );
});

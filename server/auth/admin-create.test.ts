import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConfiguredDatabase, type Database } from '../db/client';
import { account, user } from '../db/tables/auth.tables';
import { capturedMail } from '../db/tables/mail.tables';
import { createTestDatabase } from '../../tests/support/test-database';
import { repoRoot } from '../../scripts/paths';
import { startServer } from '../../tests/support/server-process';

/** Runs `npm run admin:create -- ...args` as the organizer would, against the given data folder or database. */
function adminCreate(env: Record<string, string>, ...args: string[]) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'admin:create', '--', ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run admin:create', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gg-admin-'));
  // No starter pack when the server starts: the organizer's password is the subject (its import costs CPU at every first start).
  const env: Record<string, string> = { DATA_DIR: dataDir, STARTER_PACK: 'false' };
  let postgres: Awaited<ReturnType<typeof createTestDatabase>> | undefined;

  beforeAll(async () => {
    // PGlite under DATA_DIR as `npm start` uses it; in the postgres project, DATABASE_URL of a throw-away database.
    if (process.env.TEST_DB === 'postgres') {
      postgres = await createTestDatabase();
      env.DATABASE_URL = postgres.url!;
    }
  });
  afterAll(async () => {
    await postgres?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Opens the same database the script used, the way it opens it (after it has exited: PGlite allows one process at a time). */
  async function withDatabase<T>(fn: (database: Database) => Promise<T>): Promise<T> {
    const database = await openConfiguredDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    try {
      return await fn(database);
    } finally {
      await database.close();
    }
  }

  it('creates a verified organizer with a random password printed once, which signs in', async () => {
    const created = await adminCreate(env, 'Boss@Example.test');
    expect(created.code, created.output).toBe(0);
    expect(created.output).toContain('Created organizer boss@example.test.');
    const password = created.output.match(/Password \(shown only now\): (\S+)/)?.[1];
    expect(password).toMatch(/^[\w-]{16}$/);

    const row = await withDatabase(async ({ db }) => {
      const [found] = await db.select().from(user).where(eq(user.email, 'boss@example.test'));
      const [credential] = await db.select().from(account).where(eq(account.userId, found.id));
      const mails = await db.select().from(capturedMail);
      return { ...found, hash: credential.password, mails };
    });
    expect(row).toMatchObject({ role: 'organizer', emailVerified: true });
    expect(row.hash).toBeTruthy();
    expect(row.hash).not.toContain(password);
    expect(row.mails).toEqual([]);

    // The printed password works on the real server.
    const server = await startServer(env);
    try {
      const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email: 'boss@example.test', password }),
      });
      expect(signIn.status).toBe(200);
      expect((await signIn.json()).user.role).toBe('organizer');
    } finally {
      await server.stop();
    }
  }, 300_000);

  it('promotes an existing player, keeping their password', async () => {
    const given = await adminCreate(env, 'player@example.test', '--password', 'player-pass');
    expect(given.code, given.output).toBe(0);
    expect(given.output).not.toContain('player-pass');
    const hashBefore = await withDatabase(async ({ db }) => {
      await db.update(user).set({ role: 'player' }).where(eq(user.email, 'player@example.test'));
      const [row] = await db
        .select({ hash: account.password })
        .from(account)
        .innerJoin(user, eq(user.id, account.userId))
        .where(eq(user.email, 'player@example.test'));
      return row.hash;
    });

    const promoted = await adminCreate(env, 'player@example.test');
    expect(promoted.code, promoted.output).toBe(0);
    expect(promoted.output.trim()).toBe('player@example.test is now an organizer.');
    const rows = await withDatabase(({ db }) => db.select().from(user).where(eq(user.email, 'player@example.test')));
    expect(rows).toHaveLength(1);
    expect(rows[0].role).toBe('organizer');
    const [credential] = await withDatabase(({ db }) =>
      db.select({ hash: account.password }).from(account).where(eq(account.userId, rows[0].id)),
    );
    expect(credential.hash).toBe(hashBefore);

    const again = await adminCreate(env, 'player@example.test');
    expect(again.output.trim()).toBe('player@example.test is already an organizer.');
  }, 300_000);

  it('refuses a missing or malformed e-mail, or a short password, and changes nothing', async () => {
    for (const args of [[], ['not-an-email'], ['short@example.test', '--password', '123']]) {
      const result = await adminCreate(env, ...args);
      expect(result.code).not.toBe(0);
      expect(result.output).toMatch(/Usage: npm run admin:create|at least 6 characters/);
    }
    const rows = await withDatabase(({ db }) => db.select().from(user).where(eq(user.email, 'short@example.test')));
    expect(rows).toEqual([]);
  }, 300_000);
});

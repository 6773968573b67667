import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from '../tests/support/data-dir';
import { createTestDatabase } from '../tests/support/test-database';
import { startServer, type ServerProcess } from '../tests/support/server-process';

// These start the server bundle (scripts/build-server.mjs) as a child process, exactly as `npm start` does.

describe('restart durability', () => {
  const dataDir = migratedDataDir('gg-restart-');
  // The server's own temporary folder, where an import that died left its folders.
  const serverTmp = mkdtempSync(path.join(tmpdir(), 'gg-restart-tmp-'));
  let server: ServerProcess | undefined;
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  afterAll(async () => {
    await server?.stop();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(serverTmp, { recursive: true, force: true });
  });

  it('keeps accounts and captured mail across a graceful restart, and clears what a killed import left', async () => {
    // PGlite under DATA_DIR by default; the postgres project runs the same against a throw-away PostgreSQL database.
    // No starter pack: this is about accounts and mail (its import costs CPU at every first start).
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT: 'false',
      LOG_LEVEL: 'info',
      STARTER_PACK: 'false',
      TMPDIR: serverTmp,
    };
    if (process.env.TEST_DB === 'postgres') {
      database = await createTestDatabase();
      env.DATABASE_URL = database.url!;
    }
    server = await startServer(env);
    const email = `restart-${Date.now()}@example.test`;
    const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email, password: 'secret12', name: '', callbackURL: '/play' }),
    });
    expect(signUp.status).toBe(200);
    expect(await server.stop()).toBe(0);
    expect(server.output()).toMatch(/shutting down/);

    // What a server killed during an import leaves: its staging folder and the uploaded pack's, unchanged for hours,
    // beside those of an import running now (another server on the host).
    const staging = (name: string, hoursAgo: number) => {
      const folder = path.join(serverTmp, name);
      mkdirSync(folder);
      writeFileSync(path.join(folder, '1.webp'), 'image');
      const when = new Date(Date.now() - hoursAgo * 3600_000);
      utimesSync(folder, when, when);
      return folder;
    };
    const died = [staging('gg-import-died', 7), staging('gg-upload-died', 30)];
    const running = [staging('gg-import-running', 0), staging('gg-upload-running', 0.5)];
    const unrelated = staging('someone-else', 48);
    server = await startServer({ ...env, PORT: String(server.port) });
    expect(died.filter(existsSync)).toEqual([]);
    expect([...running, unrelated].filter(existsSync)).toHaveLength(3);
    expect(server.output()).toMatch(/"folders":2,.*deleted temporary folders of an interrupted import/);
    const mails = (await (await fetch(`${server.url}/dev/mail.json`)).json()) as Array<{ to: string; text: string }>;
    const mail = mails.find((entry) => entry.to === email);
    expect(mail).toBeDefined();

    // The account is still there: the link from before the restart verifies it and signs in.
    const link = new URL(mail!.text.match(/https?:\/\/\S+/)![0]);
    const verify = await fetch(`${server.url}${link.pathname}${link.search}`, { redirect: 'manual' });
    expect(verify.status).toBe(302);
    const cookie = verify.headers
      .getSetCookie()
      .map((entry) => entry.split(';')[0])
      .join('; ');
    const session = await (await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie } })).json();
    expect(session.user.email).toBe(email);
    expect(await server.stop()).toBe(0);
    server = undefined;
  }, 300_000);
});

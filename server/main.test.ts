import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from '../tests/support/data-dir';
import { createTestDatabase } from '../tests/support/test-database';
import { startServer, type ServerProcess } from '../tests/support/server-process';

// These start the server bundle (scripts/build-server.mjs) as a child process, exactly as `npm start` does.

describe('restart durability', () => {
  const dataDir = migratedDataDir('gg-restart-');
  let server: ServerProcess | undefined;
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  afterAll(async () => {
    await server?.stop();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps accounts and captured mail across a graceful restart', async () => {
    // PGlite under DATA_DIR by default; the postgres project runs the same against a throw-away PostgreSQL database.
    // No starter pack: this is about accounts and mail (its import costs CPU at every first start).
    const env: Record<string, string> = { DATA_DIR: dataDir, AUTH_RATE_LIMIT: 'false', LOG_LEVEL: 'info', STARTER_PACK: 'false' };
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

    server = await startServer({ ...env, PORT: String(server.port) });
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

import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from '../../tests/support/data-dir';
import { startServer, type ServerProcess } from '../../tests/support/server-process';
import { createTestApp, request, uniqueEmail, type TestApp } from '../../tests/support/test-app';

const LAN_ORIGIN = 'http://192.168.1.20:3000';

describe('origins the organizer allowed (ALLOWED_ORIGINS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ALLOWED_ORIGINS: `${LAN_ORIGIN}, http://booth.local:3000/` });
  });
  afterAll(() => t?.close());

  const signUpFrom = (origin: string) =>
    request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin },
      payload: { email: uniqueEmail(), password: 'secret12', name: '' },
    });

  it('accepts sign-up from the LAN origin phones use, and from each listed origin', async () => {
    expect((await signUpFrom(LAN_ORIGIN)).statusCode).toBe(200);
    expect((await signUpFrom('http://booth.local:3000')).statusCode).toBe(200);
  });

  it('still refuses an origin nobody listed, on auth and on the game API', async () => {
    expect((await signUpFrom('http://10.9.9.9:3000')).statusCode).toBe(403);
    const refused = await request(t.app, {
      method: 'POST',
      url: '/api/profile/generate-name',
      headers: { origin: 'http://10.9.9.9:3000' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('CSRF');
    // The listed origin passes the CSRF check and meets the session check instead.
    const allowed = await request(t.app, { method: 'POST', url: '/api/profile/generate-name', headers: { origin: LAN_ORIGIN } });
    expect(allowed.statusCode).toBe(401);
  });
});

describe('npm start at the booth', () => {
  const dataDir = migratedDataDir('gg-booth-');
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the URLs phones can use and warns when HOST exposes the server but PUBLIC_URL is localhost', async () => {
    // No starter pack: the banner is the subject (its import costs CPU at every first start).
    const env: Record<string, string> = { DATA_DIR: dataDir, HOST: '0.0.0.0', LOG_LEVEL: 'warn', STARTER_PACK: 'false' };
    server = await startServer(env); // PUBLIC_URL is http://localhost:<port>
    await expect.poll(() => server!.output()).toMatch(/WARNING: PUBLIC_URL is http:\/\/localhost:\d+, which only this machine can open/);
    expect(server.output()).toMatch(/QR code/);
    expect(server.output()).toMatch(/Players open: http:\/\/localhost:\d+/);
    // A hang guard, not a speed claim: a whole server boots here, beside the browser lanes on a loaded CI machine.
  }, 180_000);
});

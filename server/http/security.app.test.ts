import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer } from '../../tests/support/players';
import { cookiesFrom, createTestApp, request, type TestApp } from '../../tests/support/test-app';

const FOREIGN = 'https://evil.example';
const getSession = (app: FastifyInstance, cookie: string) => request(app, { method: 'GET', url: '/api/auth/get-session', cookie });

function cspDirectives(header: string | string[] | number | undefined): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+(.*)/s) as [string, string?])
      .map(([name, value]) => [name, value ?? '']),
  );
}

describe('security headers', () => {
  let dev: TestApp;
  let prod: TestApp;
  beforeAll(async () => {
    dev = await createTestApp();
    prod = await createTestApp({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'production-secret-production-secret-0123' });
  }, 120_000);
  afterAll(async () => {
    await dev?.close();
    await prod?.close();
  });

  it('sends a strict CSP (no inline scripts), forbids framing and MIME sniffing', async () => {
    for (const url of ['/', '/play', '/api/health', '/api/config']) {
      const response = await request(dev.app, { method: 'GET', url });
      const csp = cspDirectives(response.headers['content-security-policy']);
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('script-src')).not.toContain('unsafe-inline');
      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('sends HSTS only in production', async () => {
    expect((await request(dev.app, { method: 'GET', url: '/' })).headers['strict-transport-security']).toBeUndefined();
    const production = await request(prod.app, { method: 'GET', url: '/' });
    expect(production.headers['strict-transport-security']).toMatch(/max-age=31536000; includeSubDomains/);
    expect(cspDirectives(production.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
  });
});

describe('CSRF: state-changing calls need our own Origin', () => {
  let t: TestApp;
  const writes: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({}, {}, (app) => {
      // A stand-in for any cookie-authenticated write under /api (the game's routes are guarded the same way).
      app.post('/api/test-only/write', { preHandler: app.guards.requireUser }, async (request) => {
        writes.push(request.session!.user.id);
        return { ok: true };
      });
    });
  }, 120_000);
  afterAll(() => t?.close());

  it('refuses a write under /api from a foreign Origin, a cross-site fetch, or with no Origin, and changes nothing', async () => {
    const player = await createPlayer(t.app, t.database.db);
    const attempts = [{ origin: FOREIGN }, {}, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }];
    for (const headers of attempts) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test-only/write',
        payload: {},
        headers: { cookie: player.cookie, ...headers },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'CSRF', message: 'Cross-site request refused' });
    }
    expect(writes).toEqual([]);

    const own = await request(t.app, { method: 'POST', url: '/api/test-only/write', payload: {}, cookie: player.cookie });
    expect(own.statusCode).toBe(200);
    const sameOriginFetch = await t.app.inject({
      method: 'POST',
      url: '/api/test-only/write',
      payload: {},
      headers: { cookie: player.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOriginFetch.statusCode).toBe(200);
    expect(writes).toEqual([player.id, player.id]);
  });

  it("guards the game's own writes the same way", async () => {
    const player = await createPlayer(t.app, t.database.db);
    for (const url of ['/api/profile/generate-name', '/api/game/start']) {
      const foreign = await t.app.inject({ method: 'POST', url, payload: {}, headers: { cookie: player.cookie, origin: FOREIGN } });
      expect(foreign.statusCode, url).toBe(403);
      expect(foreign.json().code).toBe('CSRF');
    }
    const own = await request(t.app, { method: 'POST', url: '/api/profile/generate-name', payload: {}, cookie: player.cookie });
    expect(own.statusCode).toBe(200);
  });

  it('refuses a cross-site sign-out and keeps the session', async () => {
    const player = await createPlayer(t.app, t.database.db);
    for (const headers of [{ origin: FOREIGN }, {}]) {
      const signOut = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        payload: {},
        headers: { cookie: player.cookie, ...headers },
      });
      expect(signOut.statusCode).toBe(403);
    }
    expect((await getSession(t.app, player.cookie)).json()?.user.id).toBe(player.id);
  });

  it('refuses a cross-origin sign-in and sets no session cookie', async () => {
    const player = await createPlayer(t.app, t.database.db);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: player.email, password: player.password },
      headers: { origin: FOREIGN },
    });
    expect(signIn.statusCode).toBe(403);
    expect(String(signIn.headers['set-cookie'] ?? '')).not.toContain('session_token=');
  });

  it('lets sign-in through from every origin our own writes accept (127.0.0.1 outside production)', async () => {
    const player = await createPlayer(t.app, t.database.db);
    const origin = 'http://127.0.0.1:3000';
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: player.email, password: player.password },
      headers: { origin },
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = cookiesFrom(signIn);
    expect(cookie).toContain('session_token=');
    const write = await t.app.inject({ method: 'POST', url: '/api/test-only/write', payload: {}, headers: { cookie, origin } });
    expect(write.statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrongPasswordsFrom } from '../../tests/support/auth-limits';
import { createPlayer } from '../../tests/support/players';
import { createTestApp, request, uniqueEmail, type TestApp } from '../../tests/support/test-app';

// With a trusted proxy, request.ip comes from X-Forwarded-For, which the client writes. The dev mailbox
// (every verification and reset link) must look at the socket and refuse anything that was forwarded.
describe('dev mailbox behind a proxy on this machine (a tunnel: TRUST_PROXY=127.0.0.1)', () => {
  let t: TestApp;
  let email: string;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    email = uniqueEmail('tunnel');
    await request(t.app, { method: 'POST', url: '/api/auth/sign-up/email', payload: { email, password: 'secret12', name: '' } });
  });
  afterAll(() => t?.close());

  it('refuses a remote client that forges X-Forwarded-For: 127.0.0.1', async () => {
    for (const forwarded of ['127.0.0.1, 203.0.113.5', '127.0.0.1', '::1']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/dev/mail.json',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': forwarded },
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain(email);
    }
    const viaForwarded = await t.app.inject({
      method: 'GET',
      url: '/dev/mail',
      remoteAddress: '127.0.0.1',
      headers: { forwarded: 'for=127.0.0.1' },
    });
    expect(viaForwarded.statusCode).toBe(404);
  });

  it('still answers this machine when it asks directly', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/mail.json', remoteAddress: '127.0.0.1' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(email);
  });
});

describe('per-address limits behind one proxy hop (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1', AUTH_RATE_LIMIT: 'true' });
  });
  afterAll(() => t?.close());

  it('key on the address the proxy saw, not on what the client prepended', async () => {
    const player = await createPlayer(t.app, t.database.db);
    const status = await wrongPasswordsFrom(t.app, player.email, '10.0.0.2', (i) => ({
      'x-forwarded-for': `192.0.2.${i + 1}, 198.51.100.5`,
    }));
    expect(status).toBe(429);
    // The same account from another real client address is not blocked.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '10.0.0.2',
      headers: { origin: 'http://localhost:3000', 'x-forwarded-for': '198.51.100.6' },
      payload: { email: player.email, password: player.password },
    });
    expect(other.statusCode).toBe(200);
  });
});

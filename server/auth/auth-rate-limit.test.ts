import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, request, uniqueEmail, type TestApp } from '../../tests/support/test-app';

const CLIENT_A = '203.0.113.5';
const CLIENT_B = '198.51.100.7';

/** Sends the same auth call `times` times from one client (as named by x-forwarded-for), returning the statuses. */
async function hammer(t: TestApp, url: string, payload: () => object, times: number, forwardedFor?: string) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) {
    const response = await request(t.app, { method: 'POST', url, payload: payload(), headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
    statuses.push(response.statusCode);
  }
  return statuses;
}

const wrongSignIn = () => ({ email: 'someone@example.test', password: 'wrong-password' });
const freshSignUp = () => ({ email: uniqueEmail(), password: 'secret12', name: '' });

describe('auth rate limits behind a trusted proxy (TRUST_PROXY=127.0.0.1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: 'true', TRUST_PROXY: '127.0.0.1' });
  }, 120_000);
  afterAll(() => t?.close());

  it('limits sign-in per client: A is refused with 429 while B still gets through', async () => {
    const a = await hammer(t, '/api/auth/sign-in/email', wrongSignIn, 12, CLIENT_A);
    expect(a.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(a.slice(10)).toEqual([429, 429]);

    const b = await hammer(t, '/api/auth/sign-in/email', wrongSignIn, 1, CLIENT_B);
    expect(b).toEqual([401]);
  });

  it('limits sign-up per client', async () => {
    const a = await hammer(t, '/api/auth/sign-up/email', freshSignUp, 6, '203.0.113.20');
    expect(a).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await hammer(t, '/api/auth/sign-up/email', freshSignUp, 1, '198.51.100.20')).toEqual([200]);
  });

  it('limits the mail-sending endpoints per client', async () => {
    const resend = () => ({ email: uniqueEmail(), callbackURL: '/play' });
    expect(await hammer(t, '/api/auth/send-verification-email', resend, 4, '203.0.113.30')).toEqual([200, 200, 200, 429]);
    expect(await hammer(t, '/api/auth/send-verification-email', resend, 1, '198.51.100.30')).toEqual([200]);

    const reset = () => ({ email: uniqueEmail(), redirectTo: '/reset-password' });
    expect(await hammer(t, '/api/auth/request-password-reset', reset, 4, '203.0.113.40')).toEqual([200, 200, 200, 429]);
    expect(await hammer(t, '/api/auth/request-password-reset', reset, 1, '198.51.100.40')).toEqual([200]);
  });

  it('tells the refused client when to come back', async () => {
    await hammer(t, '/api/auth/request-password-reset', () => ({ email: uniqueEmail(), redirectTo: '/reset-password' }), 3, '203.0.113.50');
    const refused = await request(t.app, {
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: uniqueEmail(), redirectTo: '/reset-password' },
      headers: { 'x-forwarded-for': '203.0.113.50' },
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['x-retry-after'] ?? refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('auth rate limits without a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: 'true' });
  }, 120_000);
  afterAll(() => t?.close());

  it('ignores x-forwarded-for, so a client cannot dodge the limit by spoofing it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await request(t.app, {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: wrongSignIn(),
        headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('ignores a forged x-gg-client-ip header (the server sets it from the socket address)', async () => {
    const forged = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: wrongSignIn(),
      headers: { 'x-gg-client-ip': '192.0.2.200' },
    });
    expect(forged.statusCode).toBe(429);
  });
});

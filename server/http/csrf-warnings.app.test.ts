/**
 * The other trap of a first multi-instance deployment: PUBLIC_URL not being the address players open (a balancer's),
 * so every write is refused as cross-site. One clear log line per origin says what to set.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';

const SECRET_A = 'a'.repeat(16) + 'first-secret-of-this-deployment';

describe('a write from an origin that is not PUBLIC_URL', () => {
  const lines: Array<{ level: number; msg: string; origin?: string; openedAt?: string }> = [];
  let t: TestApp;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    // PUBLIC_URL names an instance; players come through a balancer at another address.
    t = await createTestApp(
      { PUBLIC_URL: 'http://10.0.0.5:3000', NODE_ENV: 'production', BETTER_AUTH_SECRET: SECRET_A },
      { logger: { level: 'warn', stream } },
    );
  });
  afterAll(() => t?.close());

  it('is refused as CSRF and logged once per origin, naming PUBLIC_URL as the fix', async () => {
    const write = () => request(t.app, { method: 'POST', url: '/api/game/start', headers: { origin: 'https://game.example.org' } });
    for (let i = 0; i < 3; i++) {
      const response = await write();
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('CSRF');
    }
    const refusals = lines.filter((line) => line.msg.includes('refused as cross-site'));
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({ level: 40, origin: 'https://game.example.org' });
    expect(refusals[0].msg).toMatch(/Set PUBLIC_URL to the address players open/);

    // A sign-in from there (refused by better-auth on the same list) is explained the same way, once for that origin too.
    await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://other.example.org' },
      payload: { email: 'x@example.test', password: 'whatever12' },
    });
    expect(lines.filter((line) => line.origin === 'https://other.example.org')).toHaveLength(1);
  });

  it('a page opened at another address is reported before any write fails', async () => {
    await request(t.app, { method: 'GET', url: '/play', headers: { host: 'balancer.example.org' } });
    await request(t.app, { method: 'GET', url: '/', headers: { host: 'balancer.example.org' } });
    const opened = lines.filter((line) => line.openedAt === 'http://balancer.example.org');
    expect(opened).toHaveLength(1);
    expect(opened[0].msg).toMatch(/not an allowed origin: its sign-in and guesses will be refused as cross-site/);
    // The address PUBLIC_URL names is fine.
    await request(t.app, { method: 'GET', url: '/', headers: { host: '10.0.0.5:3000' } });
    expect(lines.filter((line) => line.openedAt === 'http://10.0.0.5:3000')).toEqual([]);
  });
});

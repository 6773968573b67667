import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

// Without TRUST_PROXY, "this machine" (which reads /metrics and /dev/mail without a token) is a loopback socket that
// carries no forwarding header at all: a proxy on this machine sends every outside request from loopback.
const FORWARDING: Array<[string, string]> = [
  ['forwarded', 'for=198.51.100.7'],
  ['x-forwarded-for', '198.51.100.7'],
  ['x-forwarded-proto', 'https'],
  ['x-forwarded-host', 'game.example'],
  ['x-forwarded-port', '443'],
  ['x-real-ip', '198.51.100.7'],
  ['x-client-ip', '198.51.100.7'],
  ['cf-connecting-ip', '198.51.100.7'],
  ['true-client-ip', '198.51.100.7'],
  ['via', '1.1 nginx'],
  ['X-Forwarded-Server', 'edge'],
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('this machine, without TRUST_PROXY', () => {
  it.each(['/metrics', '/dev/mail.json', '/dev/mail'])('%s answers a loopback socket that carries no forwarding header', async (url) => {
    const response = await t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
    expect(response.statusCode).toBe(200);
  });

  it.each(FORWARDING)('a loopback request carrying %s is not this machine: /metrics and /dev/mail answer 404', async (name, value) => {
    for (const url of ['/metrics', '/dev/mail.json', '/dev/mail']) {
      for (const headerValue of [value, '127.0.0.1', '']) {
        const response = await t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers: { [name]: headerValue } });
        expect(response.statusCode, `${url} with ${name}: ${headerValue}`).toBe(404);
        expect(response.body).not.toContain('gg_');
      }
    }
  });

  it('a request from another machine gets 404 with or without headers', async () => {
    for (const url of ['/metrics', '/dev/mail.json'])
      expect((await t.app.inject({ method: 'GET', url, remoteAddress: '192.0.2.10' })).statusCode).toBe(404);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@contracts/paths';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';

/** Collects the app's JSON log lines (a pino destination stream passed as Fastify's logger). */
function logCollector() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

/** A stand-in for dist/web, so these tests don't depend on a build having run. */
function fakeWebBuild() {
  const dir = mkdtempSync(path.join(tmpdir(), 'gg-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>',
  );
  writeFileSync(path.join(dir, 'assets/index-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(dir, 'assets/index-abc123.js.br'), brotliCompressSync('console.log("app")'));
  writeFileSync(path.join(dir, 'assets/index-abc123.js.gz'), gzipSync('console.log("app")'));
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe('web routes and the 404 page', () => {
  let t: TestApp;
  const logs = logCollector();
  const webDistDir = fakeWebBuild();
  beforeAll(async () => {
    t = await createTestApp({}, { logger: logs.logger, webDistDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDistDir, { recursive: true, force: true });
  });

  it('answers an unknown page with 404 and the app shell (which renders the 404 page), and logs the path', async () => {
    const response = await request(t.app, { method: 'GET', url: '/some/unknown/path?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toMatch(/<!doctype html>/i);
    expect(response.body).toContain('<div id="root">');
    const logged = logs.lines.find((line) => line.msg === 'not found' && line.path === '/some/unknown/path');
    expect(logged).toMatchObject({ method: 'GET', path: '/some/unknown/path' });
  });

  it('sends the pre-compressed asset the client accepts, and the plain one otherwise', async () => {
    const url = '/assets/index-abc123.js';
    const brotli = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log("app")');
    const gzipped = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe('console.log("app")');
    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the app shell for every client route', async () => {
    const shell = (await request(t.app, { method: 'GET', url: '/some/unknown/path' })).body;
    const routes = [...Object.values(paths), '/admin/players', '/play/', '/auth?mode=sign-up'];
    for (const url of routes) {
      const response = await request(t.app, { method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.body, url).toBe(shell);
    }
  });

  it('answers an unknown API path with a JSON error body', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await request(t.app, { method, url: '/api/x', payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: `No route ${method} /api/x` });
    }
  });

  it('answers a missing asset with 404, not the app shell', async () => {
    const response = await request(t.app, { method: 'GET', url: '/assets/missing-123.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });

  it('serves hashed assets as immutable and the shell as no-cache', async () => {
    const shell = await request(t.app, { method: 'GET', url: '/' });
    expect(shell.headers['cache-control']).toBe('no-cache');
    const asset = shell.body.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(asset).toBeTruthy();
    const response = await request(t.app, { method: 'GET', url: asset! });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await request(t.app, { method: 'GET', url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('public, max-age=300');
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';

const shell =
  '<!doctype html><html><head><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';
const manifest = {
  'app/main.tsx': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared'] },
  _shared: { file: 'assets/shared-1.js' },
  'routes/play.tsx': { file: 'assets/play-1.js', imports: ['_shared', '_game'] },
  _game: { file: 'assets/game-1.js' },
  'routes/landing.tsx': { file: 'assets/landing-1.js', imports: ['_shared'] },
};
const landing =
  '<!doctype html><html><head><style>body{}</style></head><body><div id="root" data-prerendered="landing"><a href="/auth?mode=sign-up">Get Started</a></div></body></html>';

describe('the pre-rendered landing page', () => {
  let t: TestApp;
  const dir = mkdtempSync(path.join(tmpdir(), 'gg-web-landing-'));
  beforeAll(async () => {
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), shell);
    writeFileSync(path.join(dir, 'landing.html'), landing);
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
    t = await createTestApp({}, { webDistDir: dir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers / with the landing markup, brotli when accepted, never cached stale', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('Get Started');
    const plain = await request(t.app, { method: 'GET', url: '/' });
    expect(plain.body).toContain('<div id="root" data-prerendered="landing"><a href="/auth?mode=sign-up">Get Started</a></div>');
  });

  it('preloads the session check and the two answers the landing page shows (event closed, champion)', async () => {
    const html = (await request(t.app, { method: 'GET', url: '/' })).body;
    expect(html).toContain('<link rel="preload" href="/api/auth/get-session" as="fetch" crossorigin="use-credentials">');
    expect(html).toContain('<link rel="preload" href="/api/config" as="fetch" crossorigin>');
    expect(html).toContain('<link rel="preload" href="/api/leaderboard/champion" as="fetch" crossorigin>');
    expect(html.indexOf('/api/leaderboard/champion')).toBeLessThan(html.indexOf('</head>'));
  });

  it('keeps the plain app shell for every other page', async () => {
    for (const url of ['/auth', '/play', '/auth?mode=sign-up']) {
      const response = await request(t.app, { method: 'GET', url });
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).not.toContain('Get Started');
    }
  });
});

describe("preloads in each page's HTML (no request waterfall)", () => {
  let t: TestApp;
  const dir = mkdtempSync(path.join(tmpdir(), 'gg-web-preload-'));
  beforeAll(async () => {
    mkdirSync(path.join(dir, '.vite'), { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), shell);
    writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
    t = await createTestApp({}, { webDistDir: dir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('names the route chunk and its own imports (not what the entry already loads) and the session check', async () => {
    const html = (await request(t.app, { method: 'GET', url: '/play' })).body;
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/play-1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/game-1.js">');
    expect(html).not.toContain('href="/assets/shared-1.js"');
    expect(html).toContain('<link rel="preload" href="/api/auth/get-session" as="fetch" crossorigin="use-credentials">');
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
  });

  it('starts the unfinished-attempt check and the next image early only for a visitor with a session cookie', async () => {
    const anonymous = (await request(t.app, { method: 'GET', url: '/play' })).body;
    expect(anonymous).not.toContain('/api/game/current');
    expect(anonymous).not.toContain('/api/game/next');
    const returning = (await request(t.app, { method: 'GET', url: '/play', cookie: 'better-auth.session_token=abc.def' })).body;
    expect(returning).toContain('<link rel="preload" href="/api/game/current" as="fetch" crossorigin>');
    expect(returning).toContain('<link rel="preload" href="/api/game/next" as="fetch" crossorigin>');
  });

  it("does not preload the home view's blocks (stats, rank): a resumed game never reads them, and a later read would get the stale answer", async () => {
    const html = (await request(t.app, { method: 'GET', url: '/play', cookie: 'better-auth.session_token=abc.def' })).body;
    for (const url of ['/api/game/stats', '/api/leaderboard/me']) expect(html).not.toContain(url);
  });

  it('names what /play needs first, first: its scripts, then the session, the unfinished attempt, then the rest (6 connections per host)', async () => {
    const html = (await request(t.app, { method: 'GET', url: '/play', cookie: 'better-auth.session_token=abc.def' })).body;
    const order = [
      '/assets/index-1.js',
      '/assets/play-1.js',
      '/assets/game-1.js',
      '/api/auth/get-session',
      '/api/game/current',
      '/api/profile',
      '/api/game/next',
    ].map((url) => html.indexOf(`"${url}"`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});

describe("each page's HTML carries the app's stylesheet (docs/decisions/025)", () => {
  let t: TestApp;
  const dir = mkdtempSync(path.join(tmpdir(), 'gg-web-inline-css-'));
  const css = `body{color:#fff}${'.x{margin:0}'.repeat(200)}`;
  const cssShell =
    '<!doctype html><html><head><title>GG</title><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>';
  beforeAll(async () => {
    mkdirSync(path.join(dir, 'assets'), { recursive: true });
    mkdirSync(path.join(dir, '.vite'), { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), cssShell);
    writeFileSync(path.join(dir, 'assets/index-1.css'), css);
    writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
    t = await createTestApp({}, { webDistDir: dir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('inlines it in place of the <link>, after the scripts and preloads, so the page asks for no stylesheet', async () => {
    const html = (await request(t.app, { method: 'GET', url: '/play', cookie: 'better-auth.session_token=abc.def' })).body;
    expect(html).toContain(`<style data-href="/assets/index-1.css">${css}</style>`);
    expect(html).not.toContain('rel="stylesheet"');
    expect(html.indexOf('/assets/index-1.js')).toBeLessThan(html.indexOf('<link rel="modulepreload"'));
    expect(html.indexOf('/api/game/current')).toBeLessThan(html.indexOf('<style'));
    for (const url of ['/auth', '/leaderboard', '/no-such-page'])
      expect((await request(t.app, { method: 'GET', url })).body, url).toContain('<style data-href');
  });

  it('sends it compressed (brotli or gzip as accepted), never cached stale; a 404 page too', async () => {
    for (const [url, status] of [
      ['/play', 200],
      ['/no-such-page', 404],
    ] as const) {
      const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(br.statusCode, url).toBe(status);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(br.headers['content-type']).toMatch(/text\/html/);
      expect(brotliDecompressSync(br.rawPayload).toString()).toContain(`<style data-href="/assets/index-1.css">${css}</style>`);
      const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toContain('<div id="root"></div>');
    }
  });
});

describe('preloads when the entry is a code-splitting group chunk (no chunk marked as the entry)', () => {
  let t: TestApp;
  const dir = mkdtempSync(path.join(tmpdir(), 'gg-web-group-entry-'));
  // vite.config.ts's `app` group holds the entry module: the manifest keys it like any shared chunk (docs/decisions/020).
  const groupShell =
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/rolldown-runtime-1.js"></script><script type="module" crossorigin src="/assets/app-1.js"></script></head><body><div id="root"></div></body></html>';
  const groupManifest = {
    '_rolldown-runtime-1.js': { file: 'assets/rolldown-runtime-1.js' },
    '_app-1.js': { file: 'assets/app-1.js', imports: ['_rolldown-runtime-1.js'] },
    '_shared-1.js': { file: 'assets/shared-1.js', imports: ['_rolldown-runtime-1.js', '_app-1.js'] },
    'routes/play.tsx': { file: 'assets/play-1.js', isDynamicEntry: true, imports: ['_rolldown-runtime-1.js', '_shared-1.js', '_app-1.js'] },
  };
  beforeAll(async () => {
    mkdirSync(path.join(dir, '.vite'), { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), groupShell);
    writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(groupManifest));
    t = await createTestApp({}, { webDistDir: dir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('preloads the route chunk and the shared chunk, not the scripts the page already loads', async () => {
    const html = (await request(t.app, { method: 'GET', url: '/play' })).body;
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/play-1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-1.js">');
    expect(html).not.toContain('<link rel="modulepreload" crossorigin href="/assets/app-1.js">');
    expect(html).not.toContain('<link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-1.js">');
  });
});

describe('/auth pre-rendered for a request without a session cookie', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gg-web-auth-'));
  const variants = [
    { mode: 'sign-in', googleEnabled: false, markup: '<h1>Welcome back!</h1>' },
    { mode: 'sign-in', googleEnabled: true, markup: '<h1>Welcome back!</h1><button>Continue with Google</button>' },
    { mode: 'sign-up', googleEnabled: false, markup: '<h1>Join the challenge!</h1>' },
    { mode: 'sign-up', googleEnabled: true, markup: '<h1>Join the challenge!</h1><button>Continue with Google</button>' },
  ];
  let plain: TestApp;
  let withGoogle: TestApp;
  beforeAll(async () => {
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), shell);
    writeFileSync(path.join(dir, 'auth-prerendered.json'), JSON.stringify(variants));
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(
      path.join(dir, '.vite/manifest.json'),
      JSON.stringify({ ...manifest, 'routes/auth.tsx': { file: 'assets/auth-1.js', imports: ['_shared'] } }),
    );
    plain = await createTestApp({}, { webDistDir: dir });
    withGoogle = await createTestApp({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }, { webDistDir: dir });
  });
  afterAll(async () => {
    await plain?.close();
    await withGoogle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends the sign-in or sign-up form in #root, marked as a guest's, with the page's preloads, brotli when accepted", async () => {
    const signIn = await request(plain.app, { method: 'GET', url: '/auth' });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.body).toContain('<div id="root" data-prerendered="auth" data-guest data-google="false"><h1>Welcome back!</h1></div>');
    expect(signIn.body).toContain('href="/assets/auth-1.js"');
    const signUp = await request(plain.app, { method: 'GET', url: '/auth?mode=sign-up' });
    expect(signUp.body).toContain('data-google="false"><h1>Join the challenge!</h1></div>');
    const compressedAnswer = await plain.app.inject({ method: 'GET', url: '/auth', headers: { 'accept-encoding': 'br' } });
    expect(compressedAnswer.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressedAnswer.rawPayload).toString()).toContain('Welcome back!');
  });

  it('offers Google in the markup only when this server has it configured', async () => {
    expect((await request(plain.app, { method: 'GET', url: '/auth' })).body).not.toContain('Continue with Google');
    const google = await request(withGoogle.app, { method: 'GET', url: '/auth?mode=sign-up' });
    expect(google.body).toContain('data-google="true"><h1>Join the challenge!</h1><button>Continue with Google</button></div>');
  });

  it('keeps the app shell when the session is not known from the request (a session cookie) or the app has a notice to show', async () => {
    const withCookie = await request(plain.app, { method: 'GET', url: '/auth', cookie: 'better-auth.session_token=abc.def' });
    expect(withCookie.body).toContain('<div id="root"></div>');
    expect(withCookie.body).not.toContain('Welcome back!');
    for (const url of ['/auth?from=mail-link&error=INVALID_TOKEN', '/auth?error=access_denied', '/auth?mode=forgot', '/auth/']) {
      const response = await request(plain.app, { method: 'GET', url });
      expect(response.body, url).not.toContain('data-prerendered');
    }
  });
});

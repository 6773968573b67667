// Lighthouse mobile performance (its default: Moto G Power-sized screen, simulated slow 4G, 4× CPU slowdown) on
// / and /auth, driving Debian's Chromium through chrome-launcher. Goal: ≥ 95 on both. Starts its own server
// (fresh PGlite under /tmp) unless --url is given. On a busy shared machine the CPU-bound parts score lower.
//   npm run bench:lighthouse [-- --runs 3] [-- --web-dist /tmp/other-build] [-- --url http://127.0.0.1:3000]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { repoRoot } from '../paths';
import { ensureServerBuild } from '../build-server.mjs';

const { values } = parseArgs({ options: { url: { type: 'string' }, runs: { type: 'string', default: '3' }, 'web-dist': { type: 'string' } } });
const runs = Number(values.runs);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gg-lighthouse-'));
  // The server as `npm start` runs it: the bundle, rebuilt first when a source is newer.
  const bundle = await ensureServerBuild();
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(values['web-dist'] ? { WEB_DIST_DIR: path.resolve(values['web-dist']) } : {}),
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 180_000;
  while (!(await fetch(`${url}/api/health`).then((r) => r.ok, () => false))) {
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    url,
    stop() {
      child.kill('SIGTERM');
      setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 2000).unref();
    },
  };
}

async function main() {
  const server = values.url ? { url: values.url, stop() {} } : await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    for (const page of ['/', '/auth']) {
      const scores: number[] = [];
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(`${server.url}${page}`, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
        const lhr = result!.lhr;
        const score = Math.round((lhr.categories.performance.score ?? 0) * 100);
        scores.push(score);
        const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
        console.log(
          `${page} run ${run + 1}: performance ${score} (FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, ` +
            `TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')})`,
        );
      }
      const sorted = [...scores].sort((a, b) => a - b);
      console.log(`${page}: median performance ${sorted[Math.floor(sorted.length / 2)]} (goal ≥ 95)\n`);
    }
  } finally {
    chrome.kill();
    server.stop();
  }
}

await main();

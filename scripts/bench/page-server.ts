// For the page-load benchmarks (slow-3g, lighthouse): the server as `npm start` runs it (the bundle and the web build,
// each rebuilt first when a source is newer) on a fresh PGlite under /tmp and a free loopback port, until it answers
// /api/health.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../paths';
import { ensureServerBuild } from '../build-server.mjs';
import { ensureWebBuild } from '../build-web.mjs';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** `name` names its data directory (gg-<name>-…); `env` adds to the server's environment; `webDist` serves another build. */
export async function startPageServer(name: string, options: { env?: Record<string, string>; webDist?: string } = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `gg-${name}-`));
  const bundle = await ensureServerBuild();
  // Without a build the server answers every page with its one-line 'not built' notice, which Lighthouse scored 100.
  if (!options.webDist) ensureWebBuild();
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
      ...options.env,
      ...(options.webDist ? { WEB_DIST_DIR: path.resolve(options.webDist) } : {}),
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 180_000;
  while (
    !(await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
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

import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { demoPackDir, repoRoot } from '../../scripts/paths';
import { startOidcIssuer } from '../support/oidc-issuer';
import { startServer } from '../support/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real server the journeys drive, e.g. http://localhost:41234. */
    baseUrl: string;
    /** The local OpenID Connect issuer standing in for Google. */
    issuerUrl: string;
    /** This run's web build, for a journey that needs a server of its own (e.g. a fresh, empty board). */
    webDistDir: string;
  }
}

export const GOOGLE_CLIENT_ID = 'gg-browser-tests';

/**
 * Builds the current web sources into this run's own folder (a few seconds): the journeys always test what is
 * on disk now, and a concurrent `vite build` into dist/web cannot pull assets from under the running server.
 */
function buildWeb(outDir: string) {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
    cwd: repoRoot,
    stdio: 'inherit',
    // vitest sets NODE_ENV=test; the journeys must run the production build players get.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error(`vite build failed (exit ${build.status})`);
}

/** One issuer and one real server (fresh PGlite data folder) for the whole browser run. */
export default async function setup(project: TestProject) {
  const runDir = mkdtempSync(path.join(tmpdir(), 'gg-browser-'));
  const webDistDir = path.join(runDir, 'web');
  buildWeb(webDistDir);
  const issuer = await startOidcIssuer();
  const dataDir = path.join(runDir, 'data');
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT: 'false',
      LOG_LEVEL: 'info',
      GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'gg-browser-tests-secret',
      GOOGLE_ISSUER: issuer.url,
      CHALLENGE_PACK: demoPackDir,
      WEB_DIST_DIR: webDistDir,
    },
    { timeoutMs: 120_000 },
  ).catch(async (error) => {
    await issuer.stop();
    rmSync(runDir, { recursive: true, force: true });
    throw error;
  });

  // The server's log, for when a journey fails: .artifacts/browser-server.log
  mkdirSync(path.join(repoRoot, '.artifacts'), { recursive: true });
  const log = createWriteStream(path.join(repoRoot, '.artifacts/browser-server.log'));
  log.write(server.output());
  server.child.stdout!.pipe(log);
  server.child.stderr!.pipe(log);

  project.provide('baseUrl', server.url);
  project.provide('issuerUrl', issuer.url);
  project.provide('webDistDir', webDistDir);

  return async () => {
    await server.stop();
    await issuer.stop();
    log.end();
    rmSync(runDir, { recursive: true, force: true });
  };
}

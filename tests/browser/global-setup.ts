import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { demoPackDir, repoRoot } from '../../scripts/paths';
import { fillFromTemplate } from '../support/data-dir';
import { startOidcIssuer } from '../support/oidc-issuer';
import { createOrganizerWithCli, startServer } from '../support/server-process';
import { launchChromiumServer, patchEventAsOrganizer } from './browser-helpers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real server the journeys drive, e.g. http://localhost:41234. */
    baseUrl: string;
    /** The local OpenID Connect issuer standing in for Google. */
    issuerUrl: string;
    /** An organizer made with the real `npm run admin:create` CLI before the server started. */
    organizer: { email: string; password: string };
    /** This run's web build, for test files that start a server of their own. */
    webDistDir: string;
    /** The run's one Chromium (each test file connects to it and opens its own contexts). */
    chromiumEndpoint: string;
    /** Process ids of the shared Chromium and server: each file's CPU counts theirs too (tests/support/cpu-per-file.ts). */
    sharedPids: number[];
  }
}

export const GOOGLE_CLIENT_ID = 'gg-browser-tests';
const ORGANIZER = { email: 'organizer@example.test', password: 'organizer horse' };
/**
 * The shared server's event, set through the organizer API as an organizer would: one player may start games back
 * to back (the journeys replay games faster than a person; the default interval guards against scripts), and prompts
 * may be reused across players (the journeys together start more games than the demo pack's 24 prompts; no player
 * ever gets the same prompt twice either way).
 */
const SHARED_EVENT = { minSecondsBetweenChallenges: 0, allowPromptReuse: true };

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

/** One issuer, one real server (fresh PGlite data folder) and one Chromium for the whole browser run. */
export default async function setup(project: TestProject) {
  const runDir = mkdtempSync(path.join(tmpdir(), 'gg-browser-'));
  // `npm test` builds the web once for its two browser lanes (scripts/test.sh) and names the folder; alone, a run
  // builds its own.
  const webDistDir = process.env.TEST_WEB_DIST_DIR ?? path.join(runDir, 'web');
  if (!process.env.TEST_WEB_DIST_DIR) buildWeb(webDistDir);
  const issuer = await startOidcIssuer();
  const dataDir = path.join(runDir, 'data');
  // Starts from the run's migrated PGlite (no initdb); admin-create.test.ts covers the CLI on an empty folder.
  fillFromTemplate(dataDir, project.getProvidedContext().pgliteTemplate);
  createOrganizerWithCli(dataDir, ORGANIZER.email, ORGANIZER.password);
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

  await patchEventAsOrganizer(server.url, ORGANIZER, SHARED_EVENT);
  const chromium = await launchChromiumServer().catch(async (error) => {
    await server.stop();
    await issuer.stop();
    rmSync(runDir, { recursive: true, force: true });
    throw error;
  });

  // The server's log, for when a journey fails: .artifacts/browser-server.log (browser-server-<lane>.log in npm test)
  mkdirSync(path.join(repoRoot, '.artifacts'), { recursive: true });
  const lane = process.env.BROWSER_LANE ? `-${process.env.BROWSER_LANE}` : '';
  const log = createWriteStream(path.join(repoRoot, `.artifacts/browser-server${lane}.log`));
  log.write(server.output());
  server.child.stdout!.pipe(log);
  server.child.stderr!.pipe(log);

  project.provide('baseUrl', server.url);
  project.provide('issuerUrl', issuer.url);
  project.provide('organizer', ORGANIZER);
  project.provide('webDistDir', webDistDir);
  project.provide('chromiumEndpoint', chromium.wsEndpoint());
  project.provide(
    'sharedPids',
    [chromium.process().pid, server.child.pid].filter((pid): pid is number => pid !== undefined),
  );

  return async () => {
    await chromium.close();
    await server.stop();
    await issuer.stop();
    log.end();
    rmSync(runDir, { recursive: true, force: true });
  };
}

import { spawnSync } from 'node:child_process';
import { copyFileSync, createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
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
    /** An organizer made with the real `npm run admin:create` CLI before the server started. */
    organizer: { email: string; password: string };
    /** This run's web build, for test files that start a server of their own. */
    webDistDir: string;
  }
}

export const GOOGLE_CLIENT_ID = 'gg-browser-tests';
const ORGANIZER = { email: 'organizer@example.test', password: 'organizer horse' };

/** Makes the journeys' organizer with the real CLI (`npm run admin:create`), on the run's data folder. */
function createOrganizer(dataDir: string) {
  mkdirSync(dataDir, { recursive: true });
  const cli = spawnSync('npx', ['tsx', 'scripts/admin-create.ts', ORGANIZER.email, '--password', ORGANIZER.password], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir },
  });
  if (cli.status !== 0) throw new Error(`admin:create failed (exit ${cli.status})`);
}

/** Extra challenges beside the demo pack: the journeys together start more games than its 24 prompts. */
const EXTRA_CHALLENGES = 56;

/**
 * The run's pack (in the run's temporary folder, never the repo): the demo pack's images and prompts, read by path,
 * plus EXTRA_CHALLENGES plain generated images with prompts of their own, so no journey meets an exhausted pool.
 */
async function writeRunPack(dir: string): Promise<string> {
  mkdirSync(path.join(dir, 'images'), { recursive: true });
  const demo = JSON.parse(readFileSync(path.join(demoPackDir, 'manifest.json'), 'utf8')) as Array<{ file: string; prompt: string }>;
  const manifest = demo.map((entry) => {
    const file = `images/demo-${path.basename(entry.file)}`;
    copyFileSync(path.join(demoPackDir, entry.file), path.join(dir, file));
    return { file, prompt: entry.prompt };
  });
  const colours = ['red', 'green', 'blue', 'golden', 'purple', 'teal', 'orange', 'grey'];
  for (let i = 0; i < EXTRA_CHALLENGES; i++) {
    const file = `images/extra-${i}.png`;
    const background = { r: (i * 53) % 256, g: (i * 97) % 256, b: (i * 149) % 256 };
    await sharp({ create: { width: 96, height: 96, channels: 3, background } }).png().toFile(path.join(dir, file));
    manifest.push({ file, prompt: `a plain ${colours[i % colours.length]} square on a quiet day, test card number ${i + 1}` });
  }
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

/**
 * The shared server's event lets one player start games back to back (the journeys replay games faster than a
 * person would; the default interval is a guard against scripts). Set through the organizer API, as an organizer would.
 */
async function allowBackToBackGames(baseUrl: string) {
  const json = { 'content-type': 'application/json', origin: baseUrl };
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, { method: 'POST', headers: json, body: JSON.stringify(ORGANIZER) });
  if (!signIn.ok) throw new Error(`organizer sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const patch = await fetch(`${baseUrl}/api/admin/event`, { method: 'PATCH', headers: { ...json, cookie }, body: JSON.stringify({ minSecondsBetweenChallenges: 0 }) });
  if (!patch.ok) throw new Error(`event settings failed: ${patch.status} ${await patch.text()}`);
}

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
  createOrganizer(dataDir);
  const pack = await writeRunPack(path.join(runDir, 'pack'));
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT: 'false',
      LOG_LEVEL: 'info',
      GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'gg-browser-tests-secret',
      GOOGLE_ISSUER: issuer.url,
      CHALLENGE_PACK: pack,
      WEB_DIST_DIR: webDistDir,
    },
    { timeoutMs: 120_000 },
  ).catch(async (error) => {
    await issuer.stop();
    rmSync(runDir, { recursive: true, force: true });
    throw error;
  });

  await allowBackToBackGames(server.url);

  // The server's log, for when a journey fails: .artifacts/browser-server.log
  mkdirSync(path.join(repoRoot, '.artifacts'), { recursive: true });
  const log = createWriteStream(path.join(repoRoot, '.artifacts/browser-server.log'));
  log.write(server.output());
  server.child.stdout!.pipe(log);
  server.child.stderr!.pipe(log);

  project.provide('baseUrl', server.url);
  project.provide('issuerUrl', issuer.url);
  project.provide('organizer', ORGANIZER);
  project.provide('webDistDir', webDistDir);

  return async () => {
    await server.stop();
    await issuer.stop();
    log.end();
    rmSync(runDir, { recursive: true, force: true });
  };
}

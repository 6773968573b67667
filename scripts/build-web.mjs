// The web app's production build in dist/web, rebuilt when a source is newer: `npm start` and the page-load benchmarks
// (bench:lighthouse, bench:slow-3g) serve it. Plain JS so `npm start` needs no TypeScript loader.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const defaultWebDist = path.join(root, 'dist/web');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** True when dist/web has no index.html or one older than any web or contracts source. */
export function webBuildIsStale() {
  const builtIndex = path.join(defaultWebDist, 'index.html');
  const sources = ['web', 'contracts', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(root, p));
  const newestSource = Math.max(...sources.map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)));
  return !existsSync(builtIndex) || statSync(builtIndex).mtimeMs < newestSource;
}

/** Builds dist/web (the production React build, whatever NODE_ENV the shell has) when stale; throws if the build fails. */
export function ensureWebBuild() {
  if (!webBuildIsStale()) return defaultWebDist;
  console.log('Building the web app…');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error(`the web build failed (exit ${build.status})`);
  return defaultWebDist;
}

// `npm start`: builds the web app and the server bundle when their sources are newer than the builds, then runs the
// server bundle with plain node (scripts/build-server.mjs says why).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ensureServerBuild, serverMallocEnv } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist/web/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['web', 'contracts', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(root, p));
const newestSource = Math.max(...sources.map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)));
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < newestSource) {
  console.log('Building the web app…');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    // Always the production React build, whatever NODE_ENV the shell has.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// glibc's malloc keeps freed memory resident unless told otherwise: see serverMallocEnv (decision 026).
const env = { ...process.env, ...serverMallocEnv() };
const bundle = await ensureServerBuild();
const server = spawn(process.execPath, ['--enable-source-maps', bundle], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

// `npm start`: builds the web app and the server bundle when their sources are newer than the builds, then runs the
// server bundle with plain node (scripts/build-server.mjs says why).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureServerBuild, serverMallocEnv } from './build-server.mjs';
import { ensureWebBuild } from './build-web.mjs';

const root = path.resolve(import.meta.dirname, '..');
try {
  ensureWebBuild();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

// glibc's malloc keeps freed memory resident unless told otherwise: see serverMallocEnv (decision 026).
const env = { ...process.env, ...serverMallocEnv() };
const bundle = await ensureServerBuild();
const server = spawn(process.execPath, ['--enable-source-maps', bundle], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { serverMallocEnv } from '../../scripts/build-server.mjs';
import { repoRoot } from '../../scripts/paths';

/** The server bundle the tests run: built from the sources on disk at the start of every run (server-bundle-global-setup.ts). */
export const testServerBundle = path.join(repoRoot, 'dist/server-test/main.mjs');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM and wait: resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Only what a server needs from our own environment; the test's variables (NODE_ENV=test, TEST_DB…) stay out. */
function baseEnv(): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'];
  return Object.fromEntries(keep.filter((key) => process.env[key] !== undefined).map((key) => [key, process.env[key]]));
}

/**
 * Runs the server bundle with plain node exactly as `npm start` does (built from the sources on disk by
 * server-bundle-global-setup.ts at the start of the run), with only the given variables set.
 */
export function spawnServer(env: Record<string, string>): { child: ChildProcess; output(): string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--enable-source-maps', testServerBundle], {
    cwd: repoRoot,
    env: { ...baseEnv(), ...serverMallocEnv({}), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * Starts the real server on a free port and waits until /api/health answers. The game's scorer loads at boot,
 * so start-up may take a while on a busy machine.
 */
export async function startServer(env: Record<string, string>, options: { timeoutMs?: number } = {}): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://localhost:${port}`;
  // No event-loop-delay refusal (EVENT_LOOP_DELAY_LIMIT_MS=0) unless a test asks: on a busy shared machine the delay
  // crosses the default and guesses would get 503 at random; the refusal has tests of its own.
  const { child, output, exited } = spawnServer({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    EVENT_LOOP_DELAY_LIMIT_MS: '0',
    PUBLIC_URL: url,
    ...env,
    PORT: String(port),
  });
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code ?? -1));

  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  for (;;) {
    if (exitCode !== undefined) throw new Error(`server exited with ${exitCode} before it was ready:\n${output()}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer /api/health within ${options.timeoutMs ?? 90_000} ms:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    url,
    port,
    child,
    output,
    async stop() {
      if (exitCode === undefined) child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * Makes an organizer with the real `npm run admin:create` (scripts/cli.mjs) on `dataDir`'s embedded database, before a
 * server holds it: what an organizer does first at a fresh install.
 */
export function createOrganizerWithCli(dataDir: string, email: string, password: string) {
  const cli = spawnSync(process.execPath, ['scripts/cli.mjs', 'admin-create', email, '--password', password], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '' },
  });
  if (cli.status !== 0) throw new Error(`admin:create failed (exit ${cli.status}):\n${cli.stdout}${cli.stderr}`);
}

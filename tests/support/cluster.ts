/**
 * The production topology of deploy/ on this machine: N app instances (the real server bundle, as `npm start` runs
 * it) on one PostgreSQL database and one S3-compatible bucket, behind haproxy running deploy/haproxy.cfg unchanged.
 * Used by tests/deploy/cluster.test.ts, `npm run cluster` and `npm run bench:cluster`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { serverMallocEnv } from '../../scripts/build-server.mjs';
import { repoRoot } from '../../scripts/paths';
import { freePort } from './server-process';

export const haproxyConfig = path.join(repoRoot, 'deploy/haproxy.cfg');

/**
 * A pool on the cluster's database for the test's or benchmark's own reads. pg-pool's end() resolves once its clients
 * are told to close, not once they have: the database's forced drop right after can end one with "terminating
 * connection due to administrator command", which the pool re-emits as 'error' and, without a listener, throws as an
 * uncaught exception (seen once in CI). Nothing is lost by then, so that error is dropped.
 */
export function clusterDatabasePool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: 4 });
  pool.on('error', () => undefined);
  return pool;
}

export interface Instance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  alive: boolean;
}

export interface ClusterOptions {
  /** The server bundle to run (the tests' build, or dist/server/main.mjs). */
  bundle: string;
  instances: number;
  /** Variables every instance gets (DATABASE_URL, BETTER_AUTH_SECRET, S3_*, …); PUBLIC_URL and TRUST_PROXY are set here. */
  env: Record<string, string>;
  /** The balancer's address (default 127.0.0.1 and a free port). */
  bind?: { host: string; port: number };
  appPorts?: number[];
  /** Echo every process's output (npm run cluster). */
  inherit?: boolean;
}

export interface Cluster {
  url: string;
  instances: Instance[];
  /** haproxy's view of each server: 'UP', 'DOWN', 'NOLB' (draining), … */
  serverStates(): Promise<Record<string, string>>;
  /** Resolves when haproxy reports exactly these servers in state `state`. */
  waitForStates(expected: Record<string, string>, timeoutMs?: number): Promise<void>;
  kill(name: string, signal: NodeJS.Signals): Promise<number | null>;
  /** Starts a stopped instance again on its port and waits until it is ready. */
  revive(name: string): Promise<Instance>;
  close(): Promise<void>;
}

/** Only what a server needs from our own environment (the test's own variables stay out). */
function baseEnv(): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'];
  return Object.fromEntries(keep.filter((key) => process.env[key] !== undefined).map((key) => [key, process.env[key]]));
}

function spawnLogged(command: string, args: string[], env: NodeJS.ProcessEnv, inherit: boolean) {
  const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
    if (inherit) process.stdout.write(chunk);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))));
  return { child, output: () => output, exited };
}

class ProcessExited extends Error {}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string, onTimeout?: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (
    !(await check().catch((error) => {
      if (error instanceof ProcessExited) throw error;
      return false;
    }))
  ) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${onTimeout ? `\n${onTimeout()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function statsCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const client = connect(socket);
    let answer = '';
    client.on('connect', () => client.end(`${command}\n`));
    client.on('data', (chunk) => (answer += chunk));
    client.on('end', () => resolve(answer));
    client.on('error', reject);
  });
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const bind = options.bind ?? { host: '127.0.0.1', port: await freePort() };
  const url = `http://${bind.host}:${bind.port}`;
  const runDir = mkdtempSync(path.join(tmpdir(), 'gg-cluster-'));
  const socket = path.join(runDir, 'haproxy.sock');
  const inherit = options.inherit ?? false;
  const ports = options.appPorts ?? (await Promise.all(Array.from({ length: options.instances }, () => freePort())));

  const instances: Instance[] = [];
  const startInstance = (index: number): Instance => {
    const port = ports[index];
    const env = {
      ...baseEnv(),
      ...serverMallocEnv({}),
      DATA_DIR: path.join(runDir, `app${index + 1}`),
      LOG_LEVEL: 'warn',
      ...options.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      TRUST_PROXY: '1',
    };
    const process_ = spawnLogged(process.execPath, ['--enable-source-maps', options.bundle], env, inherit);
    const instance: Instance = { name: `app${index + 1}`, port, url: `http://127.0.0.1:${port}`, ...process_, alive: true };
    void process_.exited.then(() => (instance.alive = false));
    return instance;
  };
  const waitReady = (instance: Instance) =>
    waitUntil(
      async () => {
        if (!instance.alive) throw new ProcessExited(`${instance.name} exited:\n${instance.output()}`);
        return (await fetch(`${instance.url}/api/health/ready`)).ok;
      },
      120_000,
      `${instance.name} to be ready`,
      instance.output,
    );
  // One at a time: the first migrates the database and records the auth secret's fingerprint.
  for (let index = 0; index < options.instances; index++) {
    const instance = startInstance(index);
    instances.push(instance);
    await waitUntil(
      async () => {
        if (!instance.alive) throw new ProcessExited(`${instance.name} exited:\n${instance.output()}`);
        return (await fetch(`${instance.url}/api/health/ready`)).ok;
      },
      120_000,
      `${instance.name} to be ready`,
      instance.output,
    );
  }

  const haproxyEnv: NodeJS.ProcessEnv = { ...baseEnv(), GG_BIND: `${bind.host}:${bind.port}`, GG_STATS_SOCKET: socket };
  instances.forEach((instance, index) => (haproxyEnv[`GG_APP${index + 1}`] = `127.0.0.1:${instance.port}`));
  if (options.instances === 1) haproxyEnv.GG_APP2 = '127.0.0.1:9'; // the config names two; a lone instance leaves app2 down
  const haproxy = spawnLogged('haproxy', ['-db', '-f', haproxyConfig], haproxyEnv, inherit);

  async function serverStates(): Promise<Record<string, string>> {
    const csv = await statsCommand(socket, 'show stat');
    const states: Record<string, string> = {};
    for (const line of csv.split('\n')) {
      const fields = line.split(',');
      if (fields[0] === 'app' && fields[1] !== 'BACKEND') states[fields[1]] = fields[17].split(' ')[0];
    }
    return states;
  }
  let haproxyAlive = true;
  void haproxy.exited.then(() => (haproxyAlive = false));
  async function waitForStates(expected: Record<string, string>, timeoutMs = 30_000) {
    let last: Record<string, string> = {};
    await waitUntil(
      async () => {
        if (!haproxyAlive) throw new ProcessExited(`haproxy exited:\n${haproxy.output()}`);
        last = await serverStates();
        return Object.entries(expected).every(([name, state]) => last[name] === state);
      },
      timeoutMs,
      `haproxy to see ${JSON.stringify(expected)}`,
      () => `last seen: ${JSON.stringify(last)}\n${haproxy.output()}`,
    );
  }
  await waitForStates(Object.fromEntries(instances.map((instance) => [instance.name, 'UP'])), 60_000);

  return {
    url,
    instances,
    serverStates,
    waitForStates,
    async kill(name, signal) {
      const instance = instances.find((candidate) => candidate.name === name)!;
      instance.child.kill(signal);
      return instance.exited;
    },
    async revive(name) {
      const index = instances.findIndex((candidate) => candidate.name === name);
      if (instances[index].alive) throw new Error(`${name} is still running`);
      instances[index] = startInstance(index);
      await waitReady(instances[index]);
      return instances[index];
    },
    async close() {
      for (const instance of instances) if (instance.alive) instance.child.kill('SIGKILL');
      haproxy.child.kill('SIGTERM');
      await Promise.all([...instances.map((instance) => instance.exited), haproxy.exited]);
      rmSync(runDir, { recursive: true, force: true });
    },
  };
}

// Shared by the HTTP benchmarks: a throw-away PostgreSQL database, the real server as a child process,
// players signed up through the real endpoints, and a peak-memory reader. Loopback only.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { repoRoot } from '../paths';
import { ensureServerBuild, serverMallocEnv } from '../build-server.mjs';

const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchServer {
  baseUrl: string;
  databaseUrl: string;
  process: ChildProcess;
  /** Peak resident memory of the server process so far, in MiB (VmHWM). */
  peakRssMiB(): number;
  /** Resident memory of the server process now, in MiB. */
  rssMiB(): number;
  /** CPU time used by the server process so far (all threads), in seconds. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/** `pglite: true` runs the server on its embedded database (a fresh data directory) instead of PostgreSQL. */
export async function startBenchServer(options: { port: number; env?: Record<string, string>; pglite?: boolean }): Promise<BenchServer> {
  const dbName = `gg_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
  const baseUrl = `http://127.0.0.1:${options.port}`;
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server (main thread and scoring workers) there on exit.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  // The server as `npm start` runs it: the bundle, rebuilt first when a source is newer.
  const bundle = await ensureServerBuild();
  const child = spawn(process.execPath, [...profile, '--enable-source-maps', bundle], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      ...(options.pglite ? {} : { DATABASE_URL: databaseUrl }),
      DATA_DIR: `/tmp/${dbName}`,
      AUTH_RATE_LIMIT: 'false',
      // As `npm start` runs the server (scripts/start.mjs).
      ...serverMallocEnv(),
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${baseUrl}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    // Start-up includes importing CHALLENGE_PACK (images + prompt embeddings): slow on a busy machine.
    if (Date.now() - started > 600_000) {
      child.kill('SIGKILL');
      throw new Error('server did not start within 600 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    databaseUrl,
    process: child,
    peakRssMiB() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(status.match(/VmHWM:\s+(\d+)/)![1]) / 1024;
    },
    rssMiB() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(status.match(/VmRSS:\s+(\d+)/)![1]) / 1024;
    },
    cpuSeconds() {
      // utime + stime of the whole process (every thread, scoring workers included), in clock ticks of 10 ms.
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await admin.query(`drop database if exists ${dbName} with (force)`);
      if (options.pglite) rmSync(`/tmp/${dbName}`, { recursive: true, force: true });
      await admin.end();
    },
  };
}

/** A signed-in, verified player with a display name, made through the real endpoints. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** n, p50, p95, p99 and max of `samples`, rounded to `decimals` places (default 1). */
export function summarize(samples: number[], decimals = 1) {
  const sorted = [...samples].sort((a, b) => a - b);
  const scale = 10 ** decimals;
  const round = (n: number) => Math.round(n * scale) / scale;
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? NaN),
  };
}

/** The machine a benchmark ran on, printed with every result: CPU model, cores, Node, load average at start. */
export function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    node: process.version,
    loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 10) / 10),
  };
}

import { appendFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';

/**
 * What each test file cost in CPU: its worker's own time plus that of the processes it started and waited for (the
 * servers and tools it spawned), read from /proc/self/stat (utime, stime, cutime, cstime). On 2 cores the suite is
 * bound by CPU, not by waiting, so this, not wall time, says which file to make cheaper. Appended to
 * test-results/cpu-<pid>.jsonl; scripts/test-summary.mjs prints the costliest. A browser file also gets what the
 * lane's shared Chromium and server spent while it ran (`sharedMs`: their process trees, as the file is alone in its
 * lane). (Linux only; elsewhere it records nothing. The PostgreSQL server's own work is not counted.)
 */
const ticks = 100; // USER_HZ: Linux reports these times in 1/100 s

/** A process's parent and its CPU so far, itself and its reaped children (ms). */
function statOf(pid: number | 'self'): { ppid: number; cpuMs: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: state is field 3 of the man page, so ppid (4) is index 1 and utime (14) … cstime (17) are
    // indexes 11 … 14 here.
    const cpuMs = [11, 12, 13, 14].reduce((total, index) => total + Number(fields[index]), 0) * (1000 / ticks);
    return { ppid: Number(fields[1]), cpuMs };
  } catch {
    return undefined;
  }
}
const cpuMs = () => statOf('self')?.cpuMs;

/**
 * The CPU of these processes and all their living descendants: a child that exited was reaped into its parent's
 * times, so the sum only grows.
 */
function treeCpuMs(roots: number[]): number {
  const stats = new Map<number, { ppid: number; cpuMs: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = statOf(Number(name));
    if (stat) stats.set(Number(name), stat);
  }
  const inTree = new Set(roots);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, stat] of stats)
      if (!inTree.has(pid) && inTree.has(stat.ppid)) {
        inTree.add(pid);
        grew = true;
      }
  }
  let total = 0;
  for (const pid of inTree) total += stats.get(pid)?.cpuMs ?? 0;
  return total;
}

const sharedPids = (): number[] => {
  try {
    return process.env.TEST_DB ? [] : (inject('sharedPids') ?? []);
  } catch {
    return [];
  }
};

let startedAt: number | undefined;
let sharedAt: number | undefined;
let testFile = '';
beforeAll(() => {
  startedAt = cpuMs();
  const shared = sharedPids();
  sharedAt = shared.length > 0 ? treeCpuMs(shared) : undefined;
  testFile = expect.getState().testPath ?? '';
});
afterAll(() => {
  const now = cpuMs();
  if (startedAt === undefined || now === undefined) return;
  const shared = sharedAt === undefined ? {} : { sharedMs: Math.round(treeCpuMs(sharedPids()) - sharedAt) };
  const dir = path.resolve('test-results');
  mkdirSync(dir, { recursive: true });
  const file = path.relative(process.cwd(), testFile);
  // The database projects name their database; the browser project has none.
  const project = process.env.TEST_DB ?? 'browser';
  appendFileSync(
    path.join(dir, `cpu-${process.pid}.jsonl`),
    `${JSON.stringify({ project, file, cpuMs: Math.round(now - startedAt), ...shared })}\n`,
  );
});

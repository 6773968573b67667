import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';

/**
 * What each test file cost in CPU: its worker's own time plus that of the processes it started and waited for (the
 * servers and tools it spawned), read from /proc/self/stat (utime, stime, cutime, cstime). On 2 cores the suite is
 * bound by CPU, not by waiting, so this, not wall time, says which file to make cheaper. Appended to
 * test-results/cpu-<pid>.jsonl; scripts/test-summary.mjs prints the costliest. (Linux only; elsewhere it records
 * nothing. The PostgreSQL server's own work and the shared Chromium of the browser lane are not counted.)
 */
const ticks = 100; // USER_HZ: Linux reports these times in 1/100 s
function cpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: state is field 3 of the man page, so utime (14) … cstime (17) are indexes 11 … 14 here.
    return [11, 12, 13, 14].reduce((total, index) => total + Number(fields[index]), 0) * (1000 / ticks);
  } catch {
    return undefined;
  }
}

let startedAt: number | undefined;
let testFile = '';
beforeAll(() => {
  startedAt = cpuMs();
  testFile = expect.getState().testPath ?? '';
});
afterAll(() => {
  const now = cpuMs();
  if (startedAt === undefined || now === undefined) return;
  const dir = path.resolve('test-results');
  mkdirSync(dir, { recursive: true });
  const file = path.relative(process.cwd(), testFile);
  // The database projects name their database; the browser project has none.
  const project = process.env.TEST_DB ?? 'browser';
  appendFileSync(path.join(dir, `cpu-${process.pid}.jsonl`), `${JSON.stringify({ project, file, cpuMs: Math.round(now - startedAt) })}\n`);
});

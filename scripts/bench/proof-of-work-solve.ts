// `npm run bench:proof-of-work -- [challenges=200] [chromium]`: how long a browser takes to solve the proof of work the
// server asks for while an address is over an auth ceiling (docs/decisions/032, 051), and what the same solve costs a
// script calling node:crypto per try (the abuser's other way; the faster of the two is what an abuser pays).
// `chromium`: also in Chromium (/usr/bin/chromium) slowed 4× by DevTools' CPU throttling (a mid-range phone).
//
// Challenges are made exactly as the server makes them (altcha-lib, maxnumber POW_MAX_NUMBER) and solved by the very
// code the browser's worker runs (web/lib/proof-of-work-solve.ts, pure-JS SHA-256) in V8, Chrome's engine. The search
// is single-threaded and CPU-bound, so its CPU time is what it takes on this CPU with a core to itself: the
// quiet-machine solve time, whatever else the machine is doing. Wall time is printed beside it with the load average,
// to show how far a loaded machine is from quiet. A mid-range phone is taken as 4× slower per core than this CPU (the
// slow-down Lighthouse and Chrome DevTools use for a mid-tier mobile); 6× is printed as a low-end margin.
import { createHash } from 'node:crypto';
import os from 'node:os';
import { chromium } from 'playwright-core';
import { createChallenge } from 'altcha-lib';
import { POW_MAX_NUMBER } from '../../server/auth/auth-proof-of-work';
import { searchProofOfWork } from '../../web/lib/proof-of-work-solve';
import { machine, percentile } from './bench-server';

const count = Number(process.argv[2] ?? 200);
console.log(`machine: ${JSON.stringify(machine())}`);

// Warm-up: V8 optimises the hash loop first.
const warm = await createChallenge({ hmacKey: 'bench', maxnumber: 20_000 });
searchProofOfWork(warm.challenge, warm.salt, warm.maxnumber!);

// The CPU time of this thread alone (Node ≥ 22); on older Node the process's, which is this thread's while it searches.
const cpuUsage = (): NodeJS.CpuUsage => (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.() ?? process.cpuUsage();
const cpuMs: number[] = [];
const wallMs: number[] = [];
let hashes = 0;
let cpuTotal = 0;
/** CPU ms per hash of the slowest solve (of those long enough to time): a loaded machine's caches slow even CPU time. */
let slowestPerHash = 0;
for (let i = 0; i < count; i++) {
  const challenge = await createChallenge({ hmacKey: 'bench', maxnumber: POW_MAX_NUMBER });
  const cpuBefore = cpuUsage();
  const wallBefore = performance.now();
  const number = searchProofOfWork(challenge.challenge, challenge.salt, challenge.maxnumber!);
  const wall = performance.now() - wallBefore;
  const cpuAfter = cpuUsage();
  if (number === null) throw new Error('challenge without a solution');
  const cpu = (cpuAfter.user - cpuBefore.user + cpuAfter.system - cpuBefore.system) / 1000;
  cpuMs.push(cpu);
  wallMs.push(wall);
  hashes += number + 1;
  cpuTotal += cpu;
  if (number >= 10_000) slowestPerHash = Math.max(slowestPerHash, cpu / (number + 1));
}

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => Math.round(percentile(sorted, p));
  return { p50: at(50), p90: at(90), p95: at(95), max: Math.round(sorted.at(-1)!) };
};
const cpu = stats(cpuMs);
const perSecond = Math.round(hashes / (cpuTotal / 1000));
console.log(
  `${count} challenges, maxnumber ${POW_MAX_NUMBER}: ${Math.round(hashes / count)} SHA-256 per solve on average, ${perSecond} per CPU second`,
);
console.log(`solve time on this CPU, a core to itself (CPU ms): ${JSON.stringify(cpu)}`);
console.log(`wall ms on this machine now (load ${os.loadavg()[0].toFixed(1)}): ${JSON.stringify(stats(wallMs))}`);
for (const slowdown of [4, 6]) {
  const phone = Object.fromEntries(Object.entries(cpu).map(([key, value]) => [key, Math.round((value * slowdown) / 100) / 10]));
  const worstAtMean = Math.round(((POW_MAX_NUMBER + 1) / perSecond) * slowdown * 10) / 10;
  const worstAtSlowest = Math.round(((POW_MAX_NUMBER + 1) * slowestPerHash * slowdown) / 100) / 10;
  console.log(
    `a phone ${slowdown}× slower (s): ${JSON.stringify(phone)}; the worst challenge (all ${POW_MAX_NUMBER + 1} numbers) ` +
      `${worstAtMean} s at the mean hash rate, ${worstAtSlowest} s at the slowest solve's`,
  );
}

// The same solves with node:crypto, one createHash per try: the abuser.
let nativeCpu = 0;
for (let i = 0; i < Math.min(count, 50); i++) {
  const challenge = await createChallenge({ hmacKey: 'bench', maxnumber: POW_MAX_NUMBER });
  const before = cpuUsage();
  for (let n = 0; n <= POW_MAX_NUMBER; n++)
    if (
      createHash('sha256')
        .update(challenge.salt + n)
        .digest('hex') === challenge.challenge
    )
      break;
  const after = cpuUsage();
  nativeCpu += (after.user - before.user + after.system - before.system) / 1000;
}
console.log(
  `node:crypto per try: ${Math.round(nativeCpu / Math.min(count, 50))} CPU ms per solve on average; this solver: ${Math.round(cpuTotal / count)} ms`,
);

if (process.argv.includes('chromium')) {
  // Chromium slowed 4× (CDP Emulation.setCPUThrottlingRate, DevTools' mid-tier mobile), the solver's own source.
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // tsx names functions with a helper (__name) that the page lacks: an identity stands in.
  await page.evaluate(`globalThis.__name = (f) => f; globalThis.searchProofOfWork = ${searchProofOfWork.toString()}`);
  const browserMs: number[] = [];
  const runs = Math.min(count, 40);
  for (let i = 0; i < runs; i++) {
    const challenge = await createChallenge({ hmacKey: 'bench', maxnumber: POW_MAX_NUMBER });
    const took = await page.evaluate(
      ([c, salt, max]) => {
        const started = performance.now();
        const found = (globalThis as unknown as { searchProofOfWork: typeof searchProofOfWork }).searchProofOfWork(c, salt, max);
        if (found === null) throw new Error('no solution');
        return performance.now() - started;
      },
      [challenge.challenge, challenge.salt, POW_MAX_NUMBER] as const,
    );
    browserMs.push(took);
  }
  const worst = await page.evaluate(
    ([salt, max]) => {
      const started = performance.now();
      (globalThis as unknown as { searchProofOfWork: typeof searchProofOfWork }).searchProofOfWork('f'.repeat(64), salt, max);
      return performance.now() - started;
    },
    ['0123456789abcdef01234567?expires=1795926852&', POW_MAX_NUMBER] as const,
  );
  await browser.close();
  console.log(
    `Chromium at 4× CPU throttling, ${runs} challenges (wall ms, load ${os.loadavg()[0].toFixed(1)}): ${JSON.stringify(stats(browserMs))}; ` +
      `the worst challenge (all ${POW_MAX_NUMBER + 1} numbers) ${Math.round(worst)} ms`,
  );
}

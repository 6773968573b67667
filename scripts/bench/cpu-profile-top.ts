// Top functions of a V8 CPU profile (`node --cpu-prof`, e.g. BENCH_CPU_PROF=<dir> npm run bench:game): self time by
// function and by package, over the samples taken while the load ran.
//   tsx scripts/bench/cpu-profile-top.ts <file.cpuprofile> [top=25] [last seconds of the profile only, e.g. the load]
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const profile = JSON.parse(readFileSync(process.argv[2], 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  endTime: number;
};
const top = Number(process.argv[3] ?? 25);
const last = process.argv[4] ? Number(process.argv[4]) * 1e6 : Infinity;
const times: number[] = [];
profile.timeDeltas.reduce((t, dt, i) => (times[i] = t + dt), (profile as unknown as { startTime: number }).startTime);
const from = profile.endTime - last;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<string, number>();
const byPackage = new Map<string, number>();
let total = 0;
let idle = 0;
profile.samples.forEach((id, i) => {
  if (times[i] < from) return;
  const dt = profile.timeDeltas[i] ?? 0;
  const node = byId.get(id)!;
  const { functionName, url, lineNumber } = node.callFrame;
  if (functionName === '(idle)') {
    idle += dt;
    return;
  }
  total += dt;
  const file = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(server|dist)\//, '$1/');
  const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + dt);
  const pkg = url.includes('node_modules/')
    ? url
        .replace(/^.*node_modules\//, '')
        .split('/')
        .slice(0, url.includes('node_modules/@') ? 2 : 1)
        .join('/')
    : url.startsWith('node:')
      ? 'node internals'
      : url === ''
        ? functionName
        : 'app';
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + dt);
});
const pct = (us: number) => `${((us / total) * 100).toFixed(1)} %`;
console.log(`busy ${(total / 1e6).toFixed(2)} s, idle ${(idle / 1e6).toFixed(2)} s`);
console.log('\nself time by function:');
for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(us).padStart(7)}  ${key}`);
console.log('\nself time by package:');
for (const [key, us] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${pct(us).padStart(7)}  ${key}`);

// `npm test`'s lanes (scripts/test.sh): which vitest process runs which test file, by measured duration, not by name.
//
//   node scripts/test-lanes.mjs <plan.json>
//
// Every test file goes to exactly one lane, longest first, each onto the lane that would then end first (longest
// processing time first). A lane ends at the sum of its files' seconds divided by its workers: the API lane runs two
// (API_WORKERS), a browser lane one file at a time. Browser journeys need a lane's shared server and Chromium, so they
// go to the browser lanes only; every other file may go to any lane, and runs there in the same projects as anywhere
// (vitest.config.ts leaves out of each process the files the plan gives to the other lanes). Seconds come from
// tests/durations.json (`npm run test:durations` refreshes it from a run's test-results/); a file it does not name
// counts as the median file.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The folders vitest's projects look in (vitest.config.ts). */
const testRoots = ['server', 'contracts', 'scripts', 'tests', 'web'];

/** Every `*.test.ts` file under the test folders, relative to root, sorted. */
export function testFiles(root = process.cwd()) {
  const files = [];
  for (const folder of testRoots) {
    let entries;
    try {
      entries = readdirSync(path.join(root, folder), { recursive: true, withFileTypes: false });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const file = path.posix.join(folder, String(entry).split(path.sep).join('/'));
      if (file.endsWith('.test.ts') && !file.split('/').includes('node_modules')) files.push(file);
    }
  }
  return files.sort();
}

export const isBrowserFile = (file) => file.endsWith('.browser.test.ts');

/** The lanes of a full `npm test`: the API lane with `apiWorkers` workers and two browser lanes. */
export function defaultLanes(apiWorkers = 2) {
  return [
    { name: 'api', workers: apiWorkers, browser: false },
    { name: 'browser-1', workers: 1, browser: true },
    { name: 'browser-2', workers: 1, browser: true },
  ];
}

const median = (values) => {
  if (values.length === 0) return 1;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Assigns every file to one lane. Returns `{ lanes: { [name]: files[] }, seconds: { [name]: estimated end } }`.
 * Ties go to the earlier lane and to the file that sorts first, so one input always gives one plan.
 */
export function planLanes(files, durations, lanes = defaultLanes()) {
  const known = files.map((file) => durations[file]).filter((seconds) => typeof seconds === 'number' && seconds >= 0);
  const fallback = median(known.length > 0 ? known : Object.values(durations).filter((s) => typeof s === 'number'));
  const secondsOf = (file) => (typeof durations[file] === 'number' && durations[file] >= 0 ? durations[file] : fallback);
  const load = new Map(lanes.map((lane) => [lane.name, 0]));
  const plan = Object.fromEntries(lanes.map((lane) => [lane.name, []]));
  const order = [...new Set(files)].sort((a, b) => secondsOf(b) - secondsOf(a) || (a < b ? -1 : a > b ? 1 : 0));
  for (const file of order) {
    const eligible = lanes.filter((lane) => !isBrowserFile(file) || lane.browser);
    if (eligible.length === 0) throw new Error(`no lane can run ${file}`);
    let best = eligible[0];
    let bestEnd = Number.POSITIVE_INFINITY;
    for (const lane of eligible) {
      const end = (load.get(lane.name) + secondsOf(file)) / lane.workers;
      if (end < bestEnd) {
        best = lane;
        bestEnd = end;
      }
    }
    load.set(best.name, load.get(best.name) + secondsOf(file));
    plan[best.name].push(file);
  }
  for (const lane of lanes) plan[lane.name].sort();
  const seconds = Object.fromEntries(lanes.map((lane) => [lane.name, Math.round(load.get(lane.name) / lane.workers)]));
  return { lanes: plan, seconds };
}

/** tests/durations.json, or {} when it is missing or unreadable (every file then counts the same). */
export function readDurations(file = 'tests/durations.json') {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: node scripts/test-lanes.mjs <plan.json>');
    process.exit(2);
  }
  const workers = Number(process.env.API_WORKERS ?? 2) || 2;
  const plan = planLanes(testFiles(), readDurations(), defaultLanes(workers));
  writeFileSync(out, `${JSON.stringify(plan, null, 2)}\n`);
  console.log(
    `--- lanes by measured duration (tests/durations.json): ${Object.entries(plan.lanes)
      .map(([name, files]) => `${name} ${files.length} files ~${plan.seconds[name]} s`)
      .join(', ')}`,
  );
}

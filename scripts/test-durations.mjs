// `npm run test:durations`: refreshes tests/durations.json (test file → seconds, summed over the projects it runs in)
// from the last `npm test`'s test-results/file-timings*.json (tests/support/timings-reporter.ts). scripts/test-lanes.mjs
// plans the lanes from it. Files the run did not cover keep their seconds; files that no longer exist are dropped.
// Commit the result when a full run's lanes ended far apart.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readDurations } from './test-lanes.mjs';

/** Seconds per file from timings-reporter entries ({ file, ms }), summed over projects, to 0.1 s. */
export function durationsFromTimings(entries) {
  const ms = new Map();
  for (const entry of entries) ms.set(entry.file, (ms.get(entry.file) ?? 0) + entry.ms);
  return Object.fromEntries([...ms].map(([file, total]) => [file, Math.round(total / 100) / 10]));
}

/** The old durations with the measured ones over them, without files that are gone, sorted by file. */
export function mergeDurations(old, measured, exists = existsSync) {
  const merged = { ...old, ...measured };
  return Object.fromEntries(
    Object.entries(merged)
      .filter(([file]) => exists(file))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const dir = 'test-results';
  const timings = existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => /^file-timings.*\.json$/.test(name))
        .flatMap((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')))
    : [];
  if (timings.length === 0) {
    console.error('no test-results/file-timings*.json: run `npm test` first');
    process.exit(1);
  }
  const measured = durationsFromTimings(timings);
  writeFileSync('tests/durations.json', `${JSON.stringify(mergeDurations(readDurations(), measured), null, 2)}\n`);
  console.log(`tests/durations.json: ${Object.keys(measured).length} files measured`);
}

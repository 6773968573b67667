// Types of scripts/test-durations.mjs (plain JavaScript so it runs with node alone).
/** Entries of test-results/file-timings*.json (tests/support/timings-reporter.ts). */
export interface FileTiming {
  project: string;
  file: string;
  tests: number;
  ms: number;
}
export function durationsFromTimings(entries: FileTiming[]): Record<string, number>;
export function mergeDurations(
  old: Record<string, number>,
  measured: Record<string, number>,
  exists?: (file: string) => boolean,
): Record<string, number>;

// Types of scripts/test-lanes.mjs (plain JavaScript so scripts/test.sh can run it with node alone).
export interface Lane {
  name: string;
  workers: number;
  browser: boolean;
}
export interface LanePlan {
  lanes: Record<string, string[]>;
  seconds: Record<string, number>;
}
export function testFiles(root?: string): string[];
export function isBrowserFile(file: string): boolean;
export function defaultLanes(apiWorkers?: number): Lane[];
export function planLanes(files: string[], durations: Record<string, number>, lanes?: Lane[]): LanePlan;
export function readDurations(file?: string): Record<string, number>;

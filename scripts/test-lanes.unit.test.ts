import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { durationsFromTimings, mergeDurations } from './test-durations.mjs';
import { defaultLanes, isBrowserFile, planLanes, readDurations, testFiles } from './test-lanes.mjs';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(path.join(tmpdir(), 'test-lanes-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('lane plan', () => {
  const files = testFiles(root);

  it('gives every test file to exactly one lane, journeys to the browser lanes only, known or not', () => {
    const durations = readDurations(path.join(root, 'tests/durations.json'));
    // A file tests/durations.json has never seen must still run.
    const unknown = files.filter((file) => !(file in durations));
    const withoutSome = Object.fromEntries(Object.entries(durations).filter(([file]) => file !== files[0]));
    const plan = planLanes(files, withoutSome);
    const planned = Object.values(plan.lanes).flat();
    expect(planned.sort()).toEqual([...files].sort());
    expect(new Set(planned).size).toBe(files.length);
    for (const file of plan.lanes.api) expect(isBrowserFile(file)).toBe(false);
    expect(files.length).toBeGreaterThan(100);
    expect(unknown.length).toBeLessThan(files.length);
  });

  it('puts the longest files first onto the lane that ends first, and counts an unknown file as the median', () => {
    const lanes = [
      { name: 'api', workers: 2, browser: false },
      { name: 'b1', workers: 1, browser: true },
    ];
    const plan = planLanes(
      ['a.test.ts', 'b.test.ts', 'c.test.ts', 'j.browser.test.ts', 'new.test.ts'],
      {
        'a.test.ts': 40,
        'b.test.ts': 10,
        'c.test.ts': 30,
        'j.browser.test.ts': 50,
      },
      lanes,
    );
    // j (50) → b1; a (40) → api (20); c (30) → api (35 < 80); new (median 35) → api (52.5 < 85); b (10) → api (57.5 < 60).
    expect(plan.lanes).toEqual({ api: ['a.test.ts', 'b.test.ts', 'c.test.ts', 'new.test.ts'], b1: ['j.browser.test.ts'] });
    expect(plan.seconds).toEqual({ api: 58, b1: 50 });
    expect(() => planLanes(['j.browser.test.ts'], {}, [lanes[0]])).toThrow(/no lane/);
  });

  it('refreshes durations from a run: summed over projects, unmeasured files kept, deleted files dropped', () => {
    const measured = durationsFromTimings([
      { project: 'pglite', file: 'x.test.ts', tests: 3, ms: 1234 },
      { project: 'postgres', file: 'x.test.ts', tests: 3, ms: 766 },
      { project: 'unit', file: 'y.unit.test.ts', tests: 1, ms: 40 },
    ]);
    expect(measured).toEqual({ 'x.test.ts': 2, 'y.unit.test.ts': 0 });
    const exists = (file: string) => file !== 'gone.test.ts';
    expect(mergeDurations({ 'z.test.ts': 7, 'x.test.ts': 9, 'gone.test.ts': 3 }, measured, exists)).toEqual({
      'x.test.ts': 2,
      'y.unit.test.ts': 0,
      'z.test.ts': 7,
    });
  });
});

describe("the lanes against vitest's own projects", () => {
  /** What vitest would run, as "file project" pairs, with these arguments and this lane. */
  async function listed(projects: string[], lane?: string, plan?: string): Promise<string[]> {
    const env = { ...process.env };
    // This test may itself run inside a lane of `npm test`.
    delete env.TEST_LANE_PLAN;
    delete env.TEST_LANE;
    if (lane && plan) Object.assign(env, { TEST_LANE: lane, TEST_LANE_PLAN: plan });
    const args = [path.join(root, 'node_modules/vitest/vitest.mjs'), 'list', '--filesOnly', '--json'];
    for (const project of projects) args.push('--project', project);
    const { stdout } = await run(process.execPath, args, { cwd: root, env, maxBuffer: 16 * 1024 * 1024 });
    const entries = JSON.parse(stdout.slice(stdout.indexOf('['))) as { file: string; projectName: string }[];
    return entries.map((entry) => `${path.relative(root, entry.file)} ${entry.projectName}`);
  }

  it('runs every (file, project) pair of a whole run exactly once across the three lanes', async () => {
    const plan = path.join(scratch, 'lanes.json');
    writeFileSync(plan, JSON.stringify(planLanes(testFiles(root), readDurations(path.join(root, 'tests/durations.json')), defaultLanes())));
    // The projects each lane passes in scripts/test.sh.
    const databases = ['unit', 'pglite', 'postgres'];
    const [all, api, one, two] = await Promise.all([
      listed(['browser', ...databases]),
      listed(databases, 'api', plan),
      listed(['browser', ...databases], 'browser-1', plan),
      listed(['browser', ...databases], 'browser-2', plan),
    ]);
    const lanes = [...api, ...one, ...two];
    expect(all.length).toBeGreaterThan(150);
    expect(new Set(lanes).size).toBe(lanes.length);
    expect([...lanes].sort()).toEqual([...all].sort());
  }, 180_000);
});

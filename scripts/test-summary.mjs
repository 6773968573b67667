// The end of `npm test` (scripts/test.sh): one summary for the vitest processes that ran side by side. Reads every
// test-results/file-timings*.json (tests/support/timings-reporter.ts) and every test-results/vitest*.json (vitest's
// JSON reporter), prints the time per project, the 10 slowest files and the plain closing line CI reads:
// "vitest: N passed, N failed, N skipped", with the failed tests and their messages above it. Its argument is the
// suite's exit status, to name a failure that no test had.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = 'test-results';
const read = (pattern) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => pattern.test(name))
        .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')))
    : [];

const files = read(/^file-timings.*\.json$/).flat();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
if (files.length > 0) {
  const projects = new Map();
  for (const file of files) {
    const entry = projects.get(file.project) ?? { files: 0, tests: 0, ms: 0 };
    projects.set(file.project, { files: entry.files + 1, tests: entry.tests + file.tests, ms: entry.ms + file.ms });
  }
  const lines = ['', 'Time per project (sum of its files; the browser lane runs beside the others):'];
  for (const [project, entry] of projects)
    lines.push(
      `  ${project.padEnd(9)} ${String(entry.files).padStart(3)} files ${String(entry.tests).padStart(4)} tests ${seconds(entry.ms)}`,
    );
  lines.push('The 10 slowest files:');
  for (const file of [...files].sort((a, b) => b.ms - a.ms).slice(0, 10))
    lines.push(`  ${seconds(file.ms)}  ${file.project.padEnd(9)} ${file.file}`);
  console.log(lines.join('\n'));
}

// What each file cost in CPU (tests/support/cpu-per-file.ts): on 2 cores the suite waits on CPU, so this says which file
// to make cheaper.
const cpu = existsSync(dir)
  ? readdirSync(dir)
      .filter((name) => /^cpu-.*\.jsonl$/.test(name))
      .flatMap((name) =>
        readFileSync(path.join(dir, name), 'utf8')
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line)),
      )
  : [];
if (cpu.length > 0) {
  // A browser file's cost includes what the lane's shared Chromium and server spent while it ran (sharedMs).
  const costOf = (entry) => entry.cpuMs + (entry.sharedMs ?? 0);
  const byProject = new Map();
  for (const entry of cpu) byProject.set(entry.project, (byProject.get(entry.project) ?? 0) + costOf(entry));
  const lines = ['CPU per project (test workers and the processes they started; browser: with its Chromium and server; not PostgreSQL):'];
  for (const [project, ms] of byProject) lines.push(`  ${project.padEnd(9)} ${seconds(ms)}`);
  lines.push('The 12 costliest files in CPU:');
  for (const entry of [...cpu].sort((a, b) => costOf(b) - costOf(a)).slice(0, 12))
    lines.push(
      `  ${seconds(costOf(entry))}  ${entry.project.padEnd(9)} ${entry.file}${entry.sharedMs === undefined ? '' : ` (Chromium and server ${seconds(entry.sharedMs).trim()})`}`,
    );
  console.log(lines.join('\n'));
}

const reports = read(/^vitest.*\.json$/);
if (reports.length > 0) {
  const sum = (key) => reports.reduce((total, report) => total + (report[key] ?? 0), 0);
  // What failed, with the first lines of its message, right above the closing line: CI keeps only the end of the log.
  const failures = reports.flatMap((report) =>
    (report.testResults ?? []).flatMap((file) => {
      const name = path.relative(process.cwd(), file.name);
      const tests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      if (tests.length === 0 && file.status === 'failed') return [{ name, title: '(the file failed to run)', message: file.message ?? '' }];
      return tests.map((test) => ({
        name,
        title: test.fullName ?? test.title,
        message: (test.failureMessages ?? []).join('\n'),
      }));
    }),
  );
  if (failures.length > 0) {
    const lines = ['', `FAILED (${failures.length}):`];
    for (const failure of failures.slice(0, 10)) {
      lines.push(`  ${failure.name} > ${failure.title}`);
      const message = failure.message
        .replace(/\u001b\[[0-9;]*m/g, '')
        .split('\n')
        .filter((line) => line.trim() !== '' && !/node_modules|node:internal|new Promise/.test(line))
        .slice(0, 24);
      for (const line of message) lines.push(`      ${line.slice(0, 300)}`);
    }
    console.log(lines.join('\n'));
  }
  console.log(
    `vitest: ${sum('numPassedTests')} passed, ${sum('numFailedTests')} failed, ${sum('numPendingTests') + sum('numTodoTests')} skipped`,
  );
  // A file that failed before its tests ran (a broken import, a failing hook) fails no test: say so.
  if (sum('numFailedTests') === 0 && sum('numFailedTestSuites') > 0)
    console.log(`vitest: ${sum('numFailedTestSuites')} test files failed to run`);
  // An error outside any test (an unhandled rejection, an uncaught exception in a file's teardown) fails the run and
  // no test: vitest prints it under "Unhandled Errors" and exits non-zero.
  const status = Number(process.argv[2] ?? 0);
  if (status !== 0 && sum('numFailedTests') === 0 && sum('numFailedTestSuites') === 0)
    console.log(`vitest: no test failed, but the run exited with status ${status}: an error outside any test ("Unhandled Errors" above)`);
}

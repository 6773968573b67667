import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

interface FileTiming {
  project: string;
  file: string;
  tests: number;
  /** Import, setup files, every hook and test of the file, in ms (what the file costs its worker). */
  ms: number;
}

/**
 * Keeps what each test file cost (per project) in test-results/file-timings.json. `npm test` (scripts/test.sh) runs two
 * vitest processes side by side, each naming its file with TIMINGS_NAME (file-timings-<name>.json), and
 * scripts/test-summary.mjs prints the one summary of both: the time per project and the 10 slowest files.
 */
export default class TimingsReporter implements Reporter {
  private readonly files: FileTiming[] = [];
  private root = process.cwd();

  onInit(vitest: { config: { root: string } }) {
    this.root = vitest.config.root;
  }

  onTestModuleEnd(module: TestModule) {
    const diagnostic = module.diagnostic();
    this.files.push({
      project: module.project.name,
      file: path.relative(this.root, module.moduleId),
      tests: [...module.children.allTests()].length,
      ms: Math.round(
        diagnostic.environmentSetupDuration +
          diagnostic.prepareDuration +
          diagnostic.setupDuration +
          diagnostic.collectDuration +
          diagnostic.duration,
      ),
    });
  }

  onTestRunEnd() {
    if (this.files.length === 0) return;
    mkdirSync(path.join(this.root, 'test-results'), { recursive: true });
    const name = process.env.TIMINGS_NAME ? `file-timings-${process.env.TIMINGS_NAME}.json` : 'file-timings.json';
    writeFileSync(path.join(this.root, 'test-results', name), JSON.stringify(this.files, null, 2));
  }
}

// Lighthouse mobile performance (its default: Moto G Power-sized screen, simulated slow 4G, 4× CPU slowdown) on
// / and /auth, driving Debian's Chromium through chrome-launcher. Goal: ≥ 95 on both. Starts its own server
// (fresh PGlite under /tmp) unless --url is given. On a busy shared machine the CPU-bound parts score lower.
//   npm run bench:lighthouse [-- --runs 3] [-- --web-dist /tmp/other-build] [-- --url http://127.0.0.1:3000]
//     [-- --pages /,/auth] [-- --save /tmp/lhr] (each run's full report as JSON, to read its main-thread tasks)
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_QUIET_FLAGS, chromiumPath } from '../chromium-flags';
import { startPageServer } from './page-server';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '3' },
    'web-dist': { type: 'string' },
    pages: { type: 'string', default: '/,/auth' },
    save: { type: 'string' },
  },
});
const runs = Number(values.runs);

async function main() {
  const server = values.url ? { url: values.url, stop() {} } : await startPageServer('lighthouse', { webDist: values['web-dist'] });
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_QUIET_FLAGS],
  });
  try {
    console.log(`${cpus()[0]?.model ?? '?'}, ${cpus().length} cores, Node ${process.version}`);
    if (values.save) mkdirSync(values.save, { recursive: true });
    for (const page of values.pages.split(',')) {
      const scores: number[] = [];
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(`${server.url}${page}`, {
          port: chrome.port,
          onlyCategories: ['performance'],
          output: 'json',
          logLevel: 'error',
        });
        const lhr = result!.lhr;
        if (values.save) {
          const name = `${page.replace(/\W+/g, '_') || 'root'}-${run + 1}.json`;
          writeFileSync(path.join(values.save, name), JSON.stringify(lhr));
        }
        const score = Math.round((lhr.categories.performance.score ?? 0) * 100);
        scores.push(score);
        const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
        console.log(
          `${page} run ${run + 1}: performance ${score} (FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, ` +
            `TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}; ` +
            `load average ${loadavg()[0]!.toFixed(1)})${lhr.runtimeError ? ` error: ${lhr.runtimeError.message}` : ''}`,
        );
      }
      const sorted = [...scores].sort((a, b) => a - b);
      console.log(`${page}: median performance ${sorted[Math.floor(sorted.length / 2)]} (goal ≥ 95)\n`);
    }
  } finally {
    chrome.kill();
    server.stop();
  }
}

await main();

// Walk-up on bad Wi-Fi: Debian's Chromium at 390×844 under DevTools' "Slow 3G" profile (2,000 ms latency per
// request, 400 kbit/s each way: Network.emulateNetworkConditions over CDP), each run with an empty cache:
//   1. landing: "Get Started" visible (goal ≤ 4 s), and whether it is in the HTML before any script runs;
//   2. /play for a signed-in player: START CHALLENGE visible (goal ≤ 7 s);
//   3. START CHALLENGE → challenge image visible (goal ≤ 4 s).
// Starts its own server (fresh PGlite under /tmp, the demo pack) unless --url is given.
//   npm run bench:slow-3g [-- --runs 3] [-- --web-dist /tmp/other-build] [-- --url http://127.0.0.1:3000]
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium-flags';
import { demoPackDir } from '../paths';
import { createBenchPlayer } from '../../tests/support/http-player';
import { startPageServer } from './page-server';

const { values } = parseArgs({
  options: { url: { type: 'string' }, runs: { type: 'string', default: '3' }, 'web-dist': { type: 'string' } },
});
const runs = Number(values.runs);
export const SLOW_3G = { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 };

async function slowPage(browser: Browser, base: string, cookie?: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, baseURL: base });
  if (cookie) {
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name, ...rest] = pair.split('=');
        return { name, value: rest.join('='), url: base };
      }),
    );
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  let requests = 0;
  let bytes = 0;
  const t0 = performance.now();
  page.on('requestfinished', async (request) => {
    requests++;
    const done = performance.now();
    const sizes = await request.sizes().catch(() => null);
    if (process.env.BENCH_TRACE) {
      // queued = the page asked; sent = a connection took it (6 per host); first byte = after the 2 s latency.
      const timing = request.timing();
      const queued = timing.startTime - t0 - performance.timeOrigin;
      const at = (ms: number) => (ms < 0 ? '  –  ' : ((queued + ms) / 1000).toFixed(2));
      console.log(
        `  ${((done - t0) / 1000).toFixed(2)} s done  ${request.method()} ${new URL(request.url()).pathname} ` +
          `(queued ${(queued / 1000).toFixed(2)}, sent ${at(timing.requestStart)}, first byte ${at(timing.responseStart)}, ${sizes ? (sizes.responseBodySize / 1000).toFixed(1) : '?'} kB)`,
      );
    }
    if (sizes) bytes += sizes.responseBodySize + sizes.responseHeadersSize;
  });
  return { page, context, stats: () => ({ requests, kB: Math.round(bytes / 100) / 10 }) };
}

const since = (start: number) => Math.round(performance.now() - start) / 1000;
// Checked on every animation frame: a locator's waitFor re-checks only every ~500 ms once the first tries fail, which
// rounded every START reading up to the next check (6.57 or 7.0 s, whatever the build).
const imageVisible = (page: Page) =>
  page.waitForFunction(
    () => [...document.querySelectorAll('main img')].some((image) => (image as HTMLImageElement).naturalWidth > 0),
    undefined,
    { timeout: 60_000, polling: 'raf' },
  );
const elementVisible = (page: Page, selector: string, text: string) =>
  page.waitForFunction(
    ([selector, text]) =>
      [...document.querySelectorAll(selector)].some((element) => element.textContent?.trim() === text && element.checkVisibility()),
    [selector, text] as const,
    { timeout: 60_000, polling: 'raf' },
  );

async function main() {
  const server = values.url
    ? { url: values.url, stop() {} }
    : await startPageServer('slow3g', { env: { AUTH_RATE_LIMIT: 'false', CHALLENGE_PACK: demoPackDir }, webDist: values['web-dist'] });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const results: Record<string, number[]> = { landing: [], play: [], image: [] };
  try {
    // Is "Get Started" in the page before any script runs?
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const bare = await noScript.newPage();
    await bare.goto(`${server.url}/`);
    const inHtml = await bare.getByRole('link', { name: 'Get Started' }).isVisible();
    await noScript.close();
    console.log(`"Get Started" visible with JavaScript off: ${inHtml ? 'yes' : 'no'}`);

    for (let run = 1; run <= runs; run++) {
      const landing = await slowPage(browser, server.url);
      let start = performance.now();
      await landing.page.goto('/', { waitUntil: 'commit' });
      await elementVisible(landing.page, 'a', 'Get Started');
      results.landing.push(since(start));
      await landing.page.waitForLoadState('networkidle').catch(() => undefined);
      const landingStats = landing.stats();
      await landing.context.close();

      const { cookie } = await createBenchPlayer(server.url, run);
      const play = await slowPage(browser, server.url, cookie);
      start = performance.now();
      await play.page.goto('/play', { waitUntil: 'commit' });
      await elementVisible(play.page, 'button', 'START CHALLENGE');
      results.play.push(since(start));
      start = performance.now();
      await play.page.getByRole('button', { name: 'START CHALLENGE' }).click();
      await imageVisible(play.page);
      results.image.push(since(start));
      await play.context.close();
      console.log(
        `run ${run}: landing Get Started ${results.landing.at(-1)} s (${landingStats.requests} requests, ${landingStats.kB} kB), ` +
          `/play START ${results.play.at(-1)} s, image ${results.image.at(-1)} s after START`,
      );
    }
  } finally {
    await browser.close();
    server.stop();
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  console.log(
    `\nmedian of ${runs}: landing "Get Started" ${median(results.landing)} s (goal ≤ 4), /play START CHALLENGE ${median(results.play)} s (goal ≤ 7), image ${median(results.image)} s after START (goal ≤ 4)`,
  );
}

await main();

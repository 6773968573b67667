import { rmSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, onTestFailed, test } from 'vitest';
import { demoPackDir } from '../../scripts/paths';
import { startCuttableProxy } from '../support/cuttable-proxy';
import { startServer, type ServerProcess } from '../support/server-process';
import { baseUrl, readLatestMail, screenshot, uniqueBrowserEmail, useBrowser, type BrowserPage } from './browser-helpers';
import { migratedDataDir } from '../support/data-dir';
import { testDisplayName } from '../support/display-names';

// Nothing goes dark: /booth, /leaderboard and /play, with the network cut and, separately, the server restarted, at
// 0.5, 1, 3 and 5 s after the page loaded (5 s is when the toasts' chunk loads by itself). Every page must show live
// data again by itself, without a touch, soon after the connection is back. One page load per page and delay: the
// cuts are per browser context (setOffline), and one server restart hits all twelve pages at their own delay.

const { newPage } = useBrowser();
const DELAYS_S = [0.5, 1, 3, 5];
const PAGES = ['/booth', '/leaderboard', '/play'] as const;
type PagePath = (typeof PAGES)[number];

/** What "live data again" means on each page: the stream is live, or the game's menu is there and answers. */
async function showsLiveData(page: Page, pagePath: PagePath, timeout: number) {
  if (pagePath === '/play') {
    await page.getByRole('button', { name: 'START CHALLENGE' }).and(page.locator(':enabled')).waitFor({ timeout });
    await page.getByText('Games played').waitFor({ timeout });
  } else {
    await page
      .getByRole('status')
      .filter({ hasText: /^Live$/ })
      .waitFor({ timeout });
  }
}

/** A verified player with a display name, as a storage state any new context can start from. */
async function playerState(target: string, context: BrowserContext) {
  const email = uniqueBrowserEmail('recovery');
  const headers = { origin: target };
  expect(
    (
      await context.request.post(`${target}/api/auth/sign-up/email`, { data: { email, password: 'correct horse', name: '' }, headers })
    ).status(),
  ).toBe(200);
  await context.request.get((await readLatestMail(target, email)).link);
  expect((await context.request.put(`${target}/api/profile`, { data: { displayName: testDisplayName('Rec', 4) }, headers })).status()).toBe(
    200,
  );
  return context.storageState();
}

interface Viewer extends BrowserPage {
  pagePath: PagePath;
  delay: number;
  loadedAt: number;
}

async function openViewer(
  pagePath: PagePath,
  delay: number,
  target: string,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>,
  waitUntil: 'load' | 'domcontentloaded' = 'load',
  serviceWorkers: 'allow' | 'block' = 'allow',
): Promise<Viewer> {
  // Only /play needs the player's session (a player's live streams are capped per account).
  const viewer = await newPage({
    baseURL: target,
    storageState: pagePath === '/play' ? storageState : undefined,
    viewport: pagePath === '/booth' ? { width: 1920, height: 1080 } : undefined,
    deviceScaleFactor: 1,
    serviceWorkers,
  });
  // While the connection is down the page's requests fail by design; no other error is allowed.
  viewer.allowFailure('/', 'network');
  viewer.allowFailure('/api/', 503);
  viewer.allowFailure('/api/', 502);
  viewer.allowFailure('/assets/', 503); // a server shutting down answers 503 before it closes
  // Chromium's own report of a service worker script it could not fetch (the worker registers a few seconds after load).
  viewer.allowConsoleError(/An unknown error occurred when fetching the script/);
  // ...and of one the stopping server answered with 503.
  viewer.allowConsoleError(/A bad HTTP response code \(503\) was received when fetching the script/);
  // What the page still waited for if its load never ends (a CI run once saw a /play whose document never came in 90 s).
  const pending = new Map<string, number>();
  viewer.page.on('request', (request) => pending.set(request.url(), Date.now()));
  viewer.page.on('requestfinished', (request) => pending.delete(request.url()));
  viewer.page.on('requestfailed', (request) => pending.delete(request.url()));
  const startedAt = Date.now();
  try {
    await viewer.page.goto(pagePath, { waitUntil, timeout: 90_000 });
  } catch (error) {
    const health = await fetch(new URL('/api/health', target), { signal: AbortSignal.timeout(10_000) }).then(
      (response) => `answered ${response.status}`,
      (failure: Error) => `failed: ${failure.message}`,
    );
    const waiting = [...pending].map(([url, at]) => `${url} (sent ${seconds(at - startedAt)} s after the goto)`);
    throw new Error(
      `${pagePath} did not load in 90 s; still pending: ${waiting.join(', ') || 'nothing'}; the server's /api/health from the test ${health}`,
      { cause: error },
    );
  }
  const loadedAt = Date.now();
  return { ...viewer, pagePath, delay, loadedAt };
}

/**
 * Records in the page, from now on, whether it ever said "Reconnecting…" or "Connecting…" in a status (a page that is
 * back before a waiting check looks would otherwise pass unseen). Kept in sessionStorage, so a reload keeps it.
 */
async function watchForOfflineStatus(page: Page) {
  const install = () => {
    const check = () => {
      for (const status of document.querySelectorAll('[role="status"]')) {
        if (/^(Reconnecting|Connecting)…$/.test(status.textContent?.trim() ?? '')) sessionStorage.setItem('saw-offline-status', '1');
      }
    };
    const start = () => {
      check();
      new MutationObserver(check).observe(document.documentElement, { subtree: true, childList: true, characterData: true });
    };
    if (document.documentElement) start();
    else document.addEventListener('DOMContentLoaded', start);
  };
  await page.addInitScript(install);
  await page.evaluate(install);
}

const sawOfflineStatus = (page: Page) => page.evaluate(() => sessionStorage.getItem('saw-offline-status') === '1');

const until = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
const seconds = (ms: number) => Math.round(ms / 100) / 10;

describe('nothing goes dark', () => {
  test('network cut at 0.5, 1, 3 and 5 s after load: every page is live again by itself once the network is back (seconds printed)', async () => {
    const setup = await newPage();
    const state = await playerState(baseUrl(), setup.context);
    const recoveries: Array<{ label: string; recovery: number }> = [];
    // One round per delay, the three pages side by side (fewer pages at once keep a busy machine's timings honest).
    for (const delay of DELAYS_S) {
      await Promise.all(
        PAGES.map(async (pagePath) => {
          // Each page reaches the server through its own Wi-Fi: a proxy that drops like one (cookies are per host, not
          // per port, so the player's session goes through it too).
          const wifi = await startCuttableProxy(baseUrl());
          // No service worker: what this round proves is the page's own streams and retries through a dropped network
          // (a reload while offline, the worker's part, has its own journey in offline.browser.test.ts).
          const viewer = await openViewer(pagePath, delay, wifi.url, state, 'load', 'block');
          await showsLiveData(viewer.page, pagePath, 30_000);
          await until(viewer.loadedAt + delay * 1000);
          const cutAt = Date.now();
          wifi.cut();
          await viewer.context.setOffline(true);
          // The stream went silent: the LIVE pill says so (heartbeat-based, not waiting for TCP to notice).
          let silentAfter = '';
          if (pagePath !== '/play') {
            await viewer.page.getByRole('status').filter({ hasText: 'Reconnecting…' }).waitFor({ timeout: 10_000 });
            silentAfter = `, RECONNECTING after ${seconds(Date.now() - cutAt)} s`;
          }
          // Offline long enough for the toasts' chunk (5 s after load) to fail in the late cases.
          await until(Math.max(cutAt + 3_000, viewer.loadedAt + 6_000));
          wifi.restore();
          await viewer.context.setOffline(false);
          const backAt = Date.now();
          await showsLiveData(viewer.page, pagePath, 15_000);
          const recovery = Date.now() - backAt;
          console.log(`${pagePath} cut at ${delay} s: live again ${seconds(recovery)} s after the network came back${silentAfter}`);
          if (delay === 5) await screenshot(viewer.page, `recovery-network-${pagePath.slice(1)}`);
          recoveries.push({ label: `${pagePath} at ${delay} s`, recovery });
          await viewer.context.close();
          await wifi.close();
        }),
      );
    }
    // How soon (the 5 s goal) is printed above and measured, not asserted: a loaded CI machine must not turn a slow
    // recovery into a red run, but a page that never comes back by itself fails the wait above.
    expect(recoveries).toHaveLength(PAGES.length * DELAYS_S.length);
  }, 300_000); // four rounds one after the other, on a CI machine also running the API tests

  describe('server restarted', () => {
    let server: ServerProcess;
    let dataDir: string;
    const env = () => ({
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT: 'false',
      CHALLENGE_PACK: demoPackDir,
      WEB_DIST_DIR: inject('webDistDir'),
    });
    beforeAll(async () => {
      dataDir = migratedDataDir('gg-recovery-');
      server = await startServer(env(), { timeoutMs: 120_000 });
    });
    afterAll(async () => {
      await server?.stop();
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    });

    test('at 0.5, 1, 3 and 5 s after load: every page is live again by itself once the server answers (seconds printed)', async () => {
      onTestFailed(() => console.log(`the server's last output:\n${server.output().slice(-4000)}`));
      const setup = await newPage({ baseURL: server.url });
      const state = await playerState(server.url, setup.context);
      // One restart for all twelve pages: each delay's pages finish loading that long before the server stops. A page
      // load's own duration is measured first, so each group starts that much earlier; the delays actually hit are
      // reported.
      const probe = await openViewer('/booth', 0, server.url, state);
      const loadMs = Date.now() - (await probe.page.evaluate(() => performance.timeOrigin));
      await probe.context.close();
      const stopAt = Date.now() + loadMs + 6_000;
      const viewers = await Promise.all(
        PAGES.flatMap((pagePath) =>
          DELAYS_S.map(async (delay) => {
            await until(stopAt - delay * 1000 - loadMs);
            // Timed from DOMContentLoaded: a server stopping mid-load can hold the load event up for long.
            return openViewer(pagePath, delay, server.url, state, 'domcontentloaded');
          }),
        ),
      );
      const streaming = viewers.filter((viewer) => viewer.pagePath !== '/play');
      await Promise.all(streaming.map((viewer) => watchForOfflineStatus(viewer.page)));
      await until(stopAt);
      const stoppedAt = Date.now();
      const port = String(server.port);
      await server.stop();
      server = await startServer({ ...env(), PORT: port }, { timeoutMs: 120_000 });
      const backAt = Date.now();
      const results = await Promise.all(
        viewers.map(async (viewer) => {
          await showsLiveData(viewer.page, viewer.pagePath, 15_000);
          const recovery = Date.now() - backAt;
          console.log(
            `${viewer.pagePath} stopped ${seconds(stoppedAt - viewer.loadedAt)} s after load (aimed ${viewer.delay}), down ${seconds(backAt - stoppedAt)} s: live again ${seconds(recovery)} s after the server answered`,
          );
          if (viewer.delay === 5) await screenshot(viewer.page, `recovery-restart-${viewer.pagePath.slice(1)}`);
          return { viewer, recovery };
        }),
      );
      // Times are printed (the 5 s goal), not asserted: every page coming back by itself is what the waits above prove.
      expect(results).toHaveLength(viewers.length);
      // The live pages said so while the server was down (a page still claiming LIVE would make the check above moot;
      // one whose stream never opened before the stop says "Connecting…"). Recorded in the page, not polled for: a
      // page may be live again before a poll would have looked.
      const silent = [];
      for (const viewer of streaming) if (!(await sawOfflineStatus(viewer.page))) silent.push(`${viewer.pagePath} at ${viewer.delay} s`);
      expect(silent).toEqual([]);
    }, 300_000);
  });
});

describe('a part that cannot load', () => {
  const leaderboardChunk = /\/assets\/leaderboard-[\w-]+\.js$/;

  test('a page whose chunk fails shows "Reconnecting…" and comes back by itself (375×667)', async () => {
    const setup = await newPage();
    const state = await playerState(baseUrl(), setup.context);
    const { page, allowFailure } = await newPage({ storageState: state, viewport: { width: 375, height: 667 } });
    allowFailure('/assets/', 'network');
    await page.goto('/play');
    await page.getByRole('button', { name: 'START CHALLENGE' }).waitFor();
    // The Wi-Fi drops just as the player opens the leaderboard (a client-side move: its chunk loads now).
    let aborted = 0;
    await page.route(leaderboardChunk, (route) => (aborted++, route.abort('internetdisconnected')));
    await page
      .getByRole('link', { name: /leaderboard/i })
      .first()
      .click();
    await page.getByText('RECONNECTING…').waitFor();
    expect(aborted).toBeGreaterThanOrEqual(3); // retried before giving up
    await screenshot(page, 'reconnecting-page-375x667');
    await page.unroute(leaderboardChunk);
    // No tap: the page loads once the server answers.
    await page.getByRole('heading', { name: 'Leaderboard' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^Live$/ })
      .waitFor();
  });

  test('a chunk a new deploy renamed reloads the page once, never in a loop', async () => {
    const { page, allowFailure } = await newPage();
    allowFailure('/assets/', 404);
    let loads = 0;
    page.on('load', () => loads++);
    // The old page asks for a chunk the server no longer has (it answers 404): a reload fetches the new names.
    await page.route(leaderboardChunk, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.goto('/leaderboard');
    // Still missing after that one reload (a broken deploy): the error screen with its Reload button, no loop.
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor({ timeout: 20_000 });
    expect(loads).toBe(2);
    await page.unroute(leaderboardChunk);
    await page.getByRole('button', { name: 'Reload' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Live$/ })
      .waitFor();
  });

  test('a guess sent offline waits with its draft, says so, and is sent once when back (375×667)', async () => {
    const setup = await newPage();
    const state = await playerState(baseUrl(), setup.context);
    const { page, context, allowFailure } = await newPage({
      storageState: state,
      viewport: { width: 375, height: 667 },
      serviceWorkers: 'block',
    });
    allowFailure('/', 'network');
    await page.goto('/play');
    await page.getByRole('button', { name: 'START CHALLENGE' }).click();
    await page.getByText('Guess the Prompt - Attempt 1 of 3').waitFor();
    const guesses: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/guesses')) guesses.push(request.postData() ?? '');
    });
    const field = page.getByLabel('What prompt do you think generated this image?');
    await field.fill('a lighthouse on a cliff at sunset');
    await context.setOffline(true);
    await page.getByRole('button', { name: 'SUBMIT GUESS 1' }).click();
    await page.getByText("You're offline, your guess will be sent when you're back.").waitFor();
    expect(await field.inputValue()).toBe('a lighthouse on a cliff at sunset');
    await screenshot(page, 'guess-offline-375x667');
    await context.setOffline(false);
    await page.getByText('Guess the Prompt - Attempt 2 of 3').waitFor({ timeout: 15_000 });
    // One failed send and one resend with the same idempotency key: the server holds exactly one guess.
    const keys = new Set(guesses.map((body) => JSON.parse(body).idempotencyKey));
    expect(keys.size).toBe(1);
    const current = await page.request.get('/api/game/current');
    expect((await current.json()).attempt.guesses).toHaveLength(1);
  });
});

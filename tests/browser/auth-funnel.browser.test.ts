import { createServer } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { mailedCode } from '../support/players';
import { TEST_POW_MAX_NUMBER } from '../support/proof-of-work';
import { quickPasswordHasher } from '../support/quick-password-hasher';
import { createTestApp, uniqueEmail, type TestApp } from '../support/test-app';
import { axeViolations, type BrowserPage, expectText, readLatestMail, screenshot, useBrowser } from './browser-helpers';

// The sign-up funnel under attack, in Chromium: an app of this file's own with the auth limits on and a clock the test
// moves (docs/decisions/032). The abuser and every browser reach it from 127.0.0.1: one venue address.
const { newPage } = useBrowser();

let t: TestApp;
let base: string;
let now = Date.now();
const clock = () => now;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp(
    { AUTH_RATE_LIMIT: 'true', PUBLIC_URL: base, PORT: String(port) },
    { clock, passwordHasher: quickPasswordHasher, webDistDir: inject('webDistDir'), proofOfWorkMaxNumber: TEST_POW_MAX_NUMBER },
  );
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => t?.close());

/**
 * Walk-ups in the main test: 6 by default (two rounds of three phones, enough for every path of the page: the check,
 * its message, a refused call solved and sent again). FUNNEL_BROWSER_WALKUPS=50 runs the full crowd of the API test
 * (server/auth/auth-funnel.test.ts) in Chromium too; it takes minutes, so CI keeps the default.
 */
const WALKUPS = Math.max(3, Number(process.env.FUNNEL_BROWSER_WALKUPS ?? 6));

const abuse = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, remoteAddress: '127.0.0.1', headers: { origin: base }, payload });

/**
 * The first attack of the report at full speed: 155 junk sign-ups cross the address's sign-up ceiling. (The code and
 * password ceilings meet the same refusal and the same client path; server/auth/auth-funnel.test.ts crosses each.)
 */
async function fillTheCeilings() {
  for (let i = 0; i < 155; i++) await abuse('/api/auth/sign-up/email', { email: uniqueEmail('junk'), password: 'secret12', name: '' });
}

/** How long each proof of work took in this page (the client measures it, worker start included). */
const solveTimes = (page: Page) => page.evaluate(() => performance.getEntriesByName('proof-of-work').map((entry) => entry.duration));

/**
 * Slows this page's CPU `rate` times (Chrome DevTools' CPU throttling); the returned function lifts it. The throttle keeps
 * a core busy while it is on (Chromium pauses the page's thread by spinning, even on an idle page), so it is lifted
 * as soon as the phone is in.
 */
async function slowDown(phone: BrowserPage, rate: number) {
  const session = await phone.context.newCDPSession(phone.page);
  await session.send('Emulation.setCPUThrottlingRate', { rate });
  return () => session.send('Emulation.setCPUThrottlingRate', { rate: 1 });
}

/** One walk-up: sign up, type the mailed code, then sign in on a second phone. Returns the proof-of-work waits seen. */
async function walkUp(n: number, options: { cpuSlowdown?: number } = {}) {
  const phone = await newPage();
  const fullSpeed = options.cpuSlowdown ? await slowDown(phone, options.cpuSlowdown) : undefined;
  // The refusals asking for a proof are part of the flow here, not errors.
  for (const path of ['/api/auth/sign-up', '/api/auth/email-otp', '/api/auth/sign-in']) phone.allowFailure(path, 429);
  const email = uniqueEmail(`browser${n}`);
  const password = `walk-up ${n}`;
  await phone.page.goto(`${base}/auth?mode=sign-up`);
  await phone.page.getByLabel(/e-?mail/i).fill(email);
  await phone.page.getByLabel(/^password$/i).fill(password);
  await phone.page.getByRole('button', { name: 'SIGN UP', exact: true }).click();
  await expectText(phone.page, 'Enter the code from your e-mail', 60_000);
  const code = mailedCode((await readLatestMail(base, email)).text)!;
  await phone.page.getByLabel('Verification code').fill(code);
  await phone.page.waitForURL(/\/play/, { timeout: 60_000 });
  await fullSpeed?.();
  const solves = await solveTimes(phone.page);

  const second = await newPage();
  const secondFullSpeed = options.cpuSlowdown ? await slowDown(second, options.cpuSlowdown) : undefined;
  for (const path of ['/api/auth/sign-in']) second.allowFailure(path, 429);
  await second.page.goto(`${base}/auth`);
  await second.page.getByLabel(/e-?mail/i).fill(email);
  await second.page.getByLabel(/^password$/i).fill(password);
  await second.page.getByRole('button', { name: 'SIGN IN', exact: true }).click();
  await second.page.waitForURL(/\/play/, { timeout: 60_000 });
  await secondFullSpeed?.();
  return [...solves, ...(await solveTimes(second.page))];
}

describe('one abuser on the venue address, walk-ups in Chromium', () => {
  test('the sign-in page says it is checking, and the check is done before the player has typed', async () => {
    await fillTheCeilings();
    for (const viewport of [
      { width: 375, height: 667 },
      { width: 390, height: 844 },
    ]) {
      const { page } = await newPage({ viewport });
      await page.goto(`${base}/auth?mode=sign-up`);
      await expectText(page, /This network is busy: your browser (is doing|has done) (a|its) quick check/);
      await expectText(page, 'This network is busy: your browser has done its quick check. You can go ahead.');
      await screenshot(page, `auth-under-pressure-${viewport.width}x${viewport.height}`);
      // WCAG 2.1 AA with the note shown.
      expect(await axeViolations(page)).toEqual([]);
    }
  });

  test(
    `${WALKUPS} walk-ups, three phones at a time while the abuser keeps going, all sign up, verify and sign in on a second phone`,
    async () => {
      let walkUpsDone = false;
      let abuserCalls = 0;
      let gotIn = 0;
      const abuser = (async () => {
        while (!walkUpsDone) {
          abuserCalls++;
          now += 25; // 40 calls a second on the limiter's clock
          await abuse('/api/auth/sign-up/email', { email: uniqueEmail('junk'), password: 'secret12', name: '' });
          // ...and at most 40 a second in real time: unpaced, it took the CPU the phones needed, so on a slow machine the
          // walk-ups took longer and gave it more time to call, and the file's cost grew with the machine's slowness.
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      })();
      const waits: number[] = [];
      try {
        for (let first = 0; first < WALKUPS; first += 3) {
          const phones = Array.from({ length: Math.min(3, WALKUPS - first) }, (_, i) => walkUp(first + i));
          for (const seen of await Promise.all(phones)) waits.push(...seen);
          gotIn += phones.length;
        }
      } finally {
        walkUpsDone = true;
        await abuser;
      }
      expect(abuserCalls).toBeGreaterThan(0);
      expect(gotIn).toBe(WALKUPS);
      console.info(
        `${gotIn} walk-ups in while the abuser made ${abuserCalls} calls; proof-of-work solves at full speed, a tenth of the production range (ms): ${waits.map((w) => Math.round(w)).join(', ')}`,
      );
      expect(waits.length).toBeGreaterThan(0);
    },
    // A hang guard, not a speed check: on a slow, loaded CI machine the 6 walk-ups take minutes.
    Math.max(600_000, WALKUPS * 100_000),
  );

  // One walk-up (two phones) is enough for the path; what a solve costs on such a phone is bench:proof-of-work's to say.
  test('a phone with its CPU slowed 4× (a mid-range phone) solves its checks and gets in (times are reported, not asserted)', async () => {
    const waits = await walkUp(100, { cpuSlowdown: 4 });
    console.info(
      `proof-of-work solves at 4× CPU slow-down, a tenth of the production range (ms): ${waits.map((w) => Math.round(w)).join(', ')}`,
    );
    expect(waits.length).toBeGreaterThan(0);
  }, 600_000);
});

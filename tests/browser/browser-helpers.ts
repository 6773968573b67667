import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM_ARGS, testChromiumPath } from '../../scripts/chromium-flags';
import { repoRoot } from '../../scripts/paths';

export const PHONE_VIEWPORT = { width: 390, height: 844 };
const screenshotDir = path.join(repoRoot, '.artifacts/screenshots');

export const baseUrl = () => inject('baseUrl');

/** A failed request the page may log to the console without failing the test (Chrome logs every 4xx/5xx). */
export interface AllowedFailure {
  /** Path prefix of the request, e.g. '/api/auth/sign-in'. */
  path: string;
  /** The HTTP status, or 'network' for a request that got no answer (Chrome logs net::ERR_...). */
  status: number | 'network';
}

// A signed-out visitor's session probes may answer 401; everything else is a bug unless a test says so.
const ALWAYS_ALLOWED: AllowedFailure[] = [{ path: '/api/auth/get-session', status: 401 }];

export interface BrowserPage {
  page: Page;
  context: BrowserContext;
  /** Lets this test's page log a failed request (e.g. the 403 of a refused sign-in, or a dropped connection). */
  allowFailure(path: string, status: number | 'network'): void;
  /** Lets this test's page log a console error matching `pattern` (e.g. the browser's own words for a dropped connection). */
  allowConsoleError(pattern: RegExp): void;
}

/** Debian's Chromium headless shell (or Chromium), launched once per browser lane by tests/browser/global-setup.ts. */
export const launchChromiumServer = () => chromium.launchServer({ executablePath: testChromiumPath(), args: CHROMIUM_ARGS });

/**
 * Call once per test file: connects to its lane's one Chromium, gives each test fresh contexts (390×844 unless
 * asked), and fails a test whose page logged a console.error or threw, unless allow-listed.
 */
export function useBrowser() {
  let browser: Browser;
  let open: Array<{ context: BrowserContext; problems: string[] }> = [];

  beforeAll(async () => {
    browser = await chromium.connect(inject('chromiumEndpoint'));
  });
  afterAll(async () => {
    // Disconnects this file; the browser itself stays up for the next file.
    await browser?.close();
  });
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') {
      // What the page showed when the test failed: .artifacts/screenshots/failed-<test>-<n>.png
      const name = context.task.name.replace(/[^\w]+/g, '-').slice(0, 60);
      await Promise.all(
        open
          .flatMap((entry) => entry.context.pages())
          .map((page, index) => saveScreenshot(page, `failed-${name}-${index}`).catch(() => undefined)),
      );
    }
    const problems = open.flatMap((entry) => entry.problems);
    await Promise.all(open.map((entry) => entry.context.close()));
    open = [];
    // Every line, not vitest's folded array ('[ …(14) ]' was all a failed CI run said of them).
    if (problems.length > 0) throw new Error(`the page logged ${problems.length} errors:\n${problems.slice(0, 20).join('\n')}`);
  });

  return {
    async newPage(
      options: {
        viewport?: { width: number; height: number };
        baseURL?: string;
        storageState?: Awaited<ReturnType<BrowserContext['storageState']>>;
        deviceScaleFactor?: number;
        /**
         * 'block' unless asked: no service worker. Playwright's routing and Chromium's offline emulation do not reliably
         * reach requests a service worker passes on (Playwright recommends 'block' wherever a test routes requests;
         * microsoft/playwright#7588: a routed request beside a service worker that hung for good). A CI run failed on
         * it: a11y's "reconnecting page" clicked to the leaderboard with its chunk routed to fail, and "Reconnecting…"
         * never came in 30 s. The worker's one job, the offline page on a reload, is what the journeys that ask for
         * 'allow' test (offline.browser.test.ts, recovery.browser.test.ts's viewers).
         */
        serviceWorkers?: 'allow' | 'block';
        /**
         * 'reduce' unless asked: the page as a player with reduced motion sees it (the app honours the setting: no
         * confetti, pulses and spinners stand still, entrances are instant). Chromium draws every frame of an animation
         * in software in the tests: the reward journeys cost Chromium about three times the CPU with motion.
         * The journeys that look at the animated screens (the game's complete screen with its confetti, the booth)
         * ask for 'full'.
         */
        motion?: 'reduce' | 'full';
      } = {},
    ): Promise<BrowserPage> {
      const context = await browser.newContext({
        viewport: options.viewport ?? PHONE_VIEWPORT,
        deviceScaleFactor: options.deviceScaleFactor ?? 2,
        baseURL: options.baseURL ?? baseUrl(),
        storageState: options.storageState,
        serviceWorkers: options.serviceWorkers ?? 'block',
        reducedMotion: options.motion === 'full' ? 'no-preference' : 'reduce',
      });
      const page = await context.newPage();
      const allowed = [...ALWAYS_ALLOWED];
      const problems: string[] = [];
      const allowedConsole: RegExp[] = [];
      // Every tab of this context is watched (a test may open a second one).
      const watch = (tab: Page) => {
        tab.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
        tab.on('console', (message) => {
          if (message.type() !== 'error') return;
          const text = message.text();
          const failed = text.match(/Failed to load resource: (?:the server responded with a status of (\d+)|net::ERR_)/);
          if (failed) {
            const requestPath = new URL(message.location().url || baseUrl()).pathname;
            const status = failed[1] ? Number(failed[1]) : 'network';
            if (allowed.some((rule) => rule.status === status && requestPath.startsWith(rule.path))) return;
            problems.push(`console.error: ${text} (${requestPath})`);
            return;
          }
          if (allowedConsole.some((pattern) => pattern.test(text))) return;
          problems.push(`console.error: ${text}`);
        });
      };
      watch(page);
      context.on('page', watch);
      open.push({ context, problems });
      return {
        page,
        context,
        allowFailure: (path, status) => allowed.push({ path, status }),
        allowConsoleError: (pattern) => allowedConsole.push(pattern),
      };
    },
  };
}

/**
 * The display-name dialog once the name it suggests has landed: it asks the server for a generated name on its own, and
 * a name typed before that lands could mix with it (Playwright's fill selects the field's text, then types in a second
 * step: a CI run saved "<suggestion><typed>" cut to 20 characters and never saw the refusal it waited for). A player
 * sees the suggestion, then types over it or keeps it; so do the journeys.
 */
export async function nameDialogWithSuggestion(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Choose Your Display Name' });
  const nameInput = dialog.getByLabel('Display Name');
  await expect.poll(() => nameInput.inputValue()).not.toBe('');
  return { dialog, nameInput, suggestion: await nameInput.inputValue() };
}

/**
 * With SCREENSHOTS=1 (e.g. `SCREENSHOTS=1 npx vitest run --project browser tests/browser/game.browser.test.ts`),
 * saves a full-page screenshot to .artifacts/screenshots/<name>.png (git-ignored; look at them). Otherwise a test run
 * takes none: only a failed test's pages are saved, always. `fullPage: false` saves only what is in the viewport (e.g. a
 * toast, which is fixed to it).
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (process.env.SCREENSHOTS !== '1') return;
  await untilStill(page);
  await saveScreenshot(page, name, options.fullPage ?? true);
}

/**
 * Resolves once the page stands still: no CSS animation or transition left to run (endless ones, like a spinner,
 * aside) and no count-up moving (the page's text is the same as 100 ms before).
 */
export async function untilStill(page: Page, timeout = 15_000) {
  await page.waitForFunction(
    () => {
      const seen = window as unknown as { __lastText?: string };
      const text = document.body.innerText;
      const moving = document
        .getAnimations()
        .some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity);
      const still = !moving && text === seen.__lastText;
      seen.__lastText = text;
      return still;
    },
    undefined,
    { polling: 100, timeout },
  );
}

/**
 * Axe-core's findings on the page once it stands still (axe measures what is painted: entrance animations and count-ups
 * over): WCAG 2.0 A/AA and 2.1 AA, one readable line per violated rule with the elements it names.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await untilStill(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
  );
}

/**
 * No axe violation on the page at rest. Toasts are transient: one fading out, or stacked behind the newest, is drawn
 * half-transparent, which axe measures as low contrast (it failed CI on the "Player deleted" toast behind a newer one).
 * So the check waits until they have timed out, with the pointer moved off them (hovering pauses them).
 */
export async function expectAccessible(page: Page, label: string) {
  await page.mouse.move(0, (page.viewportSize()?.height ?? 1) - 1);
  await page.waitForFunction(() => document.querySelectorAll('[data-sonner-toast]').length === 0, undefined, { timeout: 20_000 });
  expect(await axeViolations(page), `axe violations on ${label}`).toEqual([]);
}

/** Resolves once the page's main thread is idle: whatever its last event started (a request, a render) has begun. */
export async function untilIdle(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })));
}

/**
 * Holds every request to `url` until release() is called (then they go through, as do later ones): lets a test
 * see a busy state for as long as it needs instead of slowing the request by a guessed delay.
 */
export async function holdRequests(page: Page, url: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

async function saveScreenshot(page: Page, name: string, fullPage = true) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage, animations: 'disabled' });
}

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
  /** The first link in the text part. */
  link: string;
}

/** All captured mail to `to`, newest first, as /dev/mail.json lists it. */
export async function mailsTo(base: string, to: string): Promise<CapturedMail[]> {
  const response = await fetch(`${base}/dev/mail.json`);
  if (!response.ok) throw new Error(`/dev/mail.json answered ${response.status}`);
  const mails = (await response.json()) as Omit<CapturedMail, 'link'>[];
  return mails.filter((mail) => mail.to === to).map((mail) => ({ ...mail, link: mail.text.match(/https?:\/\/\S+/)?.[0] ?? '' }));
}

/** Waits for the newest mail to `to` (optionally: more than `after` mails), up to 10 s. */
export async function readLatestMail(base: string, to: string, options: { after?: number } = {}): Promise<CapturedMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = await mailsTo(base, to);
    if (mails.length > (options.after ?? 0)) return mails[0];
    if (Date.now() > deadline) throw new Error(`no mail for ${to} arrived (had ${mails.length})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let emailCounter = 0;
export const uniqueBrowserEmail = (label = 'player') =>
  `${label}-${Date.now().toString(36)}${(emailCounter++).toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;

/** Fills the /auth form in sign-up mode and submits it; returns when the confirmation toast shows. */
export async function signUp(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await expectText(page, "Don't have an account? Sign up");
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expectText(page, 'Join the challenge!');
  await fillCredentials(page, email, password);
  await page.getByRole('button', { name: 'SIGN UP', exact: true }).click();
  await expectText(page, 'Check your email!');
}

/** Fills the /auth form in sign-in mode and submits it. */
export async function signIn(page: Page, email: string, password: string) {
  if (!page.url().endsWith('/auth')) await page.goto('/auth');
  await expectText(page, 'Welcome back!');
  await fillCredentials(page, email, password);
  await page.getByRole('button', { name: 'SIGN IN', exact: true }).click();
}

export async function fillCredentials(page: Page, email: string, password: string) {
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/^password$/i).fill(password);
}

/** Signs up through the UI, follows the link from the captured mail and lands signed in on /play. */
export async function signUpAndVerify(page: Page, base = baseUrl(), options: { email?: string; password?: string } = {}) {
  const email = options.email ?? uniqueBrowserEmail();
  const password = options.password ?? 'correct horse';
  await signUp(page, email, password);
  const mail = await readLatestMail(base, email);
  await page.goto(mail.link);
  await page.waitForURL('**/play');
  return { email, password, mail };
}

export async function expectText(page: Page, text: string | RegExp, timeout = 15_000) {
  await page
    .getByText(text, { exact: typeof text === 'string' })
    .first()
    .waitFor({ state: 'visible', timeout });
}

/**
 * Changes an event's settings as its organizer would, through the console's API: signs in, then PATCH
 * /api/admin/event (the console journeys sign in by hand). Throws with the server's answer when either is refused.
 */
export async function patchEventAsOrganizer(
  base: string,
  organizer: { email: string; password: string },
  settings: Record<string, unknown>,
): Promise<void> {
  const json = { 'content-type': 'application/json', origin: base };
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers: json, body: JSON.stringify(organizer) });
  if (!signIn.ok) throw new Error(`organizer sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const patch = await fetch(`${base}/api/admin/event`, { method: 'PATCH', headers: { ...json, cookie }, body: JSON.stringify(settings) });
  if (!patch.ok) throw new Error(`event settings failed: ${patch.status} ${await patch.text()}`);
}

/** Changes the shared event's settings as its organizer would. */
export const updateSharedEvent = (settings: Record<string, unknown>, base = baseUrl()) =>
  patchEventAsOrganizer(base, inject('organizer'), settings);

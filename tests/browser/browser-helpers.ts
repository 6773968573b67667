import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { repoRoot } from '../../scripts/paths';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
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
}

/**
 * Call once per test file: launches Debian Chromium for the file, gives each test a fresh context at 390×844,
 * and fails a test whose page logged a console.error or threw, unless allow-listed.
 */
export function useBrowser() {
  let browser: Browser;
  let open: Array<{ context: BrowserContext; problems: string[] }> = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') {
      // What the page showed when the test failed: .artifacts/screenshots/failed-<test>-<n>.png
      const name = context.task.name.replace(/[^\w]+/g, '-').slice(0, 60);
      await Promise.all(
        open.flatMap((entry) => entry.context.pages()).map((page, index) => screenshot(page, `failed-${name}-${index}`).catch(() => undefined)),
      );
    }
    const problems = open.flatMap((entry) => entry.problems);
    await Promise.all(open.map((entry) => entry.context.close()));
    open = [];
    expect(problems, 'the page logged errors').toEqual([]);
  });

  return {
    async newPage(options: { viewport?: { width: number; height: number } } = {}): Promise<BrowserPage> {
      const context = await browser.newContext({ viewport: options.viewport ?? PHONE_VIEWPORT, deviceScaleFactor: 2, baseURL: baseUrl() });
      const page = await context.newPage();
      const allowed = [...ALWAYS_ALLOWED];
      const problems: string[] = [];
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
          problems.push(`console.error: ${text}`);
        });
      };
      watch(page);
      context.on('page', watch);
      open.push({ context, problems });
      return { page, context, allowFailure: (path, status) => allowed.push({ path, status }) };
    },
  };
}

/** Saves a full-page screenshot to .artifacts/screenshots/<name>.png (git-ignored; look at them). */
export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true, animations: 'disabled' });
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
  await page.getByText(text, { exact: typeof text === 'string' }).first().waitFor({ state: 'visible', timeout });
}

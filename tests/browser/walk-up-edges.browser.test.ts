import { and, like } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test, vi } from 'vitest';
import { VERIFICATION_LINK_SECONDS } from '../../server/auth/auth';
import { verification } from '../../server/db/tables/auth.tables';
import { latestMailTo, mailedCode } from '../support/players';
import { freePort } from '../support/server-process';
import { createTestApp, type TestApp } from '../support/test-app';
import { baseUrl, expectText, screenshot, uniqueBrowserEmail, useBrowser } from './browser-helpers';

// The walk-up's edges that need what the shared server cannot give: a server without Google keys, and a database the
// test can reach (to age a code). So this file runs the real app in-process on its own database (PGlite, as
// createTestApp makes it), listening on a port, serving this run's web build; the browser drives it as any other.
const { newPage } = useBrowser();

let t: TestApp;
let base: string;
beforeAll(async () => {
  const port = await freePort();
  base = `http://localhost:${port}`;
  t = await createTestApp({ PORT: String(port), PUBLIC_URL: base }, { webDistDir: inject('webDistDir') });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => t?.close());

/** Signs up through the /auth form on the in-process server; returns when the code panel offers the mailed code. */
async function signUpInForm(page: Page, email: string) {
  await page.goto(`${base}/auth?mode=sign-up`);
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/^password$/i).fill('correct horse');
  await page.getByRole('button', { name: 'SIGN UP', exact: true }).click();
  await expectText(page, 'Enter the code from your e-mail');
  const mail = await latestMailTo(t.database.db, email);
  return { mail, code: mailedCode(mail.text)! };
}

/** /auth once the app runs it: the toggle works and the app's own /api/config request has been answered. */
async function openAuthAsApp(page: Page, origin: string) {
  const config = page.waitForResponse((response) => response.url() === `${origin}/api/config`);
  await page.goto(`${origin}/auth`);
  expect((await config).ok()).toBe(true);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expectText(page, 'Join the challenge!');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectText(page, 'Welcome back!');
  await page.waitForLoadState('networkidle');
}

describe('the Google button follows the server: shown only when Google is configured', () => {
  test('without Google keys: /api/config says so, and neither the pre-rendered nor the running /auth offers Google', async () => {
    const { page } = await newPage();
    const config = await (await page.request.get(`${base}/api/config`)).json();
    expect(config.googleEnabled).toBe(false);
    for (const search of ['', '?mode=sign-up']) {
      const html = await (await page.request.get(`${base}/auth${search}`)).text();
      expect(html).toContain('data-prerendered="auth"');
      expect(html).toContain('data-google="false"');
      expect(html).not.toContain('Continue with Google');
    }
    await openAuthAsApp(page, base);
    expect(await page.getByRole('button', { name: /Google/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expectText(page, 'Join the challenge!');
    expect(await page.getByRole('button', { name: /Google/ }).count()).toBe(0);
    await screenshot(page, 'walk-up-auth-without-google');
  });

  test('with Google configured (the shared server, a local OpenID Connect issuer): the running /auth offers it', async () => {
    const { page } = await newPage();
    expect((await (await page.request.get(`${baseUrl()}/api/config`)).json()).googleEnabled).toBe(true);
    await openAuthAsApp(page, baseUrl());
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expectText(page, 'Join the challenge!');
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
  });
});

describe('expired ways in say so', () => {
  test('an expired code says it expired; a new code from "Resend" signs in', async () => {
    const { page, allowFailure } = await newPage();
    allowFailure('/api/auth/email-otp/verify-email', 400);
    const email = uniqueBrowserEmail('walkup-expired-code');
    const { code } = await signUpInForm(page, email);
    // 15 minutes pass in the mail app.
    await t.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(like(verification.identifier, '%otp%'), like(verification.identifier, `%${email}`)));
    await page.getByLabel('Verification code').fill(code);
    await expectText(page, 'That code has expired. Send yourself a new one below.');
    expect(new URL(page.url()).pathname).toBe('/auth');
    await screenshot(page, 'walk-up-code-expired');

    await page.getByRole('button', { name: 'Resend verification e-mail' }).click();
    await expectText(page, 'Verification e-mail sent');
    const fresh = mailedCode((await latestMailTo(t.database.db, email)).text)!;
    await page.getByLabel('Verification code').fill(fresh);
    await page.waitForURL('**/play');
  });

  test('an expired mail link lands on /auth and says it expired', async () => {
    const { page } = await newPage();
    const email = uniqueBrowserEmail('walkup-expired-link');
    // The link is a signed token with its expiry inside: it is issued a day and a minute ago (only Date is faked,
    // only while this sign-up runs; the server checks the link at the real time).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() - (VERIFICATION_LINK_SECONDS + 60) * 1000);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: base },
        payload: { email, password: 'correct horse', name: '', callbackURL: '/auth?from=mail-link' },
      });
      expect(response.statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    const { link } = await latestMailTo(t.database.db, email);
    await page.goto(link!);
    await expectText(page, 'That confirmation link has expired. Sign in to get a new one.');
    expect(new URL(page.url()).pathname).toBe('/auth');
    expect(await (await page.request.get(`${base}/api/auth/get-session`)).json()).toBeNull();
    await screenshot(page, 'walk-up-link-expired');
  });
});

describe('a slow phone typing into the pre-rendered /auth before the app has loaded', () => {
  /** Holds every script of the app until `release()`: the page shows only its pre-rendered markup meanwhile. */
  async function holdScripts(page: Page) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue().catch(() => undefined);
    });
    return release;
  }

  test('what was typed stays in the fields when the app takes over, and SIGN UP goes on from there', async () => {
    const { page } = await newPage();
    const release = await holdScripts(page);
    // Module scripts hold DOMContentLoaded back: the pre-rendered form is there long before.
    await page.goto(`${base}/auth?mode=sign-up`, { waitUntil: 'commit' });
    await page.locator('#auth-email').waitFor();
    const email = `typed-early-${Date.now()}@example.test`;
    await page.locator('#auth-email').fill(email);
    await page.locator('#auth-password').fill('correct horse');
    await page.locator('#auth-password').focus();
    // The app is running once it has asked the server for its config.
    const config = page.waitForResponse((response) => response.url() === `${base}/api/config`);
    release();
    await config;
    await page.waitForFunction((typed) => (document.getElementById('auth-email') as HTMLInputElement).value === typed, email);
    expect(await page.locator('#auth-password').inputValue()).toBe('correct horse');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('auth-password');
    await page.getByRole('button', { name: 'SIGN UP', exact: true }).click();
    await expectText(page, 'Enter the code from your e-mail');
  });

  test('SIGN UP waits for the app: a tap or Enter before it runs sends nothing, so the password is never in a URL', async () => {
    const phone = await newPage();
    const urls: string[] = [];
    phone.page.on('request', (request) => urls.push(request.url()));
    const release = await holdScripts(phone.page);
    await phone.page.goto(`${base}/auth?mode=sign-up`, { waitUntil: 'commit' });
    await phone.page.locator('#auth-email').waitFor();
    await phone.page.locator('#auth-email').fill('too-early@example.test');
    await phone.page.locator('#auth-password').fill('secret early 42');
    const signUp = phone.page.getByRole('button', { name: 'SIGN UP', exact: true });
    expect(await signUp.isDisabled()).toBe(true);
    const navigations: string[] = [];
    phone.page.on('request', (request) => {
      if (request.isNavigationRequest()) navigations.push(`${request.method()} ${request.url()}`);
    });
    await signUp.click({ force: true });
    await phone.page.locator('#auth-password').press('Enter');
    // The app takes over (it asks for its config), and only then does SIGN UP work.
    const config = phone.page.waitForResponse((response) => response.url() === `${base}/api/config`);
    release();
    await config;
    await expect.poll(() => signUp.isEnabled()).toBe(true);
    expect(navigations).toEqual([]);
    expect(urls.filter((url) => /secret|early\+42|password=/.test(url))).toEqual([]);
  });
});

import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_GOOGLE_USER } from '../support/oidc-issuer';
import {
  baseUrl,
  expectText,
  fillCredentials,
  holdRequests,
  mailsTo,
  readLatestMail,
  screenshot,
  signIn,
  signUp,
  signUpAndVerify,
  uniqueBrowserEmail,
  useBrowser,
} from './browser-helpers';

const browser = useBrowser();
const pathOf = (page: Page) => new URL(page.url()).pathname;

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).waitFor();
}

/** The session as the server sees it for this browser's cookies. */
async function sessionOf(page: Page) {
  return (await page.request.get('/api/auth/get-session')).json();
}

describe('e-mail accounts', () => {
  it('sign up → mail → link → signed in on /play → reload keeps the session → sign out → /play sends to /auth', async () => {
    const { page } = await browser.newPage();
    await page.goto('/');
    await expectText(page, 'Get Started');
    await screenshot(page, 'landing');

    await page.goto('/auth');
    await expectText(page, 'Welcome back!');
    await expectText(page, "Don't have an account? Sign up");
    await screenshot(page, 'auth-sign-in');

    const email = uniqueBrowserEmail('journey');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expectText(page, 'Join the challenge!');
    await expectText(page, 'Already have an account? Sign in');
    await screenshot(page, 'auth-sign-up');
    await fillCredentials(page, email, 'correct horse');
    await page.getByRole('button', { name: 'SIGN UP', exact: true }).click();
    await expectText(page, 'Check your email!');
    await expectText(page, "We've sent you a confirmation link. Please check your email and click the link to activate your account.");
    // After a successful sign-up the screen switches back to sign-in mode.
    await expectText(page, 'Welcome back!');
    await page.getByRole('button', { name: 'SIGN IN', exact: true }).waitFor();
    await screenshot(page, 'auth-after-sign-up');

    const mail = await readLatestMail(baseUrl(), email);
    expect(mail.subject).toBe('Confirm your e-mail for Guess the Genesis');
    await page.goto(mail.link);
    await page.waitForURL('**/play');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(await page.getByRole('button', { name: 'Account menu' }).innerText()).toBe(email.slice(0, 2).toUpperCase());
    await screenshot(page, 'play-home');

    await page.reload();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(pathOf(page)).toBe('/play');
    expect((await sessionOf(page)).user.email).toBe(email);

    await openAccountMenu(page);
    await expectText(page, email);
    await screenshot(page, 'play-account-menu');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/auth');
    expect(await sessionOf(page)).toBeNull();

    // The app sends a signed-out /play on to /auth, sometimes before /play's own load event (a loaded CI run saw the
    // goto "interrupted by another navigation"): the goto ends when /play is committed, the redirect is awaited.
    await page.goto('/play', { waitUntil: 'commit' });
    await page.waitForURL('**/auth');
    await expectText(page, 'Welcome back!');
    // The guard replaced /play in the history: going back never shows it.
    await page.goBack();
    await page.waitForLoadState();
    expect(pathOf(page)).not.toBe('/play');
    await expect.poll(() => pathOf(page)).not.toBe('/play');
  });

  it('signing out in one tab signs the other tab out too', async () => {
    const { page, context, allowFailure } = await browser.newPage();
    // The other tab may be mid-request when its session ends elsewhere: a 401 there is the expected answer.
    allowFailure('/api/', 401);
    await signUpAndVerify(page);
    const otherTab = await context.newPage();
    await otherTab.goto('/play');
    await otherTab.getByRole('button', { name: 'Account menu' }).waitFor();

    await openAccountMenu(page);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/auth');
    await otherTab.bringToFront();
    await expect.poll(() => pathOf(otherTab), { timeout: 15_000 }).toBe('/auth');
  });

  it('refuses sign-in before the e-mail is verified like a wrong password, mails a new code, and re-sends the link', async () => {
    const { page, allowFailure } = await browser.newPage();
    allowFailure('/api/auth/sign-in/email', 401);
    const email = uniqueBrowserEmail('unverified');
    await signUp(page, email, 'correct horse');
    await signIn(page, email, 'correct horse');
    await expectText(page, 'Authentication Error');
    await expectText(page, 'Not confirmed your e-mail yet?');
    expect(pathOf(page)).toBe('/auth');
    await screenshot(page, 'auth-unverified');

    // The right password mailed a new code and link in the background (the answer itself said nothing).
    const second = await readLatestMail(baseUrl(), email, { after: 1 });
    expect(second.subject).toBe('Confirm your e-mail for Guess the Genesis');
    await page.getByRole('button', { name: 'Resend verification e-mail' }).click();
    const third = await readLatestMail(baseUrl(), email, { after: 2 });
    expect(await mailsTo(baseUrl(), email)).toHaveLength(3);

    // The newest link works.
    await page.goto(third.link);
    await page.waitForURL('**/play');
  });

  it('resets a forgotten password end to end: the new one signs in, the old one is refused', async () => {
    const first = await browser.newPage();
    const { email, password: oldPassword } = await signUpAndVerify(first.page);

    const { page, allowFailure } = await browser.newPage();
    allowFailure('/api/auth/sign-in/email', 401);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(email);
    await screenshot(page, 'auth-forgot-password');
    await page.getByRole('button', { name: 'SEND RESET LINK' }).click();
    await expectText(page, 'Check your email');
    await screenshot(page, 'auth-forgot-password-sent');

    const mail = await readLatestMail(baseUrl(), email, { after: 1 });
    expect(mail.subject).toBe('Reset your Guess the Genesis password');
    await page.goto(mail.link);
    await page.waitForURL(/\/reset-password\?token=/);
    await screenshot(page, 'reset-password');
    await page.getByLabel('New password').fill('brand new pass');
    await page.getByRole('button', { name: 'SET NEW PASSWORD' }).click();
    await page.waitForURL('**/auth');

    await signIn(page, email, oldPassword);
    await expectText(page, 'Authentication Error');
    expect(pathOf(page)).toBe('/auth');

    await fillCredentials(page, email, 'brand new pass');
    await page.getByRole('button', { name: 'SIGN IN', exact: true }).click();
    await expectText(page, "You've successfully signed in.");
    await page.waitForURL('**/play');
    expect((await sessionOf(page)).user.email).toBe(email);
    // Resetting ended the other device's session.
    expect(await sessionOf(first.page)).toBeNull();
  });

  it("shows PLEASE WAIT... while the request is in flight and 'Loading...' while the session is unknown", async () => {
    const { page, allowFailure } = await browser.newPage();
    allowFailure('/api/auth/sign-in/email', 401);
    const signIn = await holdRequests(page, '**/api/auth/sign-in/email');
    await page.goto('/auth');
    await fillCredentials(page, uniqueBrowserEmail('slow'), 'whatever1');
    await page.getByRole('button', { name: 'SIGN IN', exact: true }).click();
    const busy = page.getByRole('button', { name: 'PLEASE WAIT...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await screenshot(page, 'auth-please-wait');
    signIn.release();
    await expectText(page, 'Authentication Error');
    await page.getByRole('button', { name: 'SIGN IN', exact: true }).waitFor();

    const session = await holdRequests(page, '**/api/auth/get-session*');
    await page.goto('/play');
    await expectText(page, 'Loading...');
    await screenshot(page, 'play-loading');
    session.release();
    await page.waitForURL('**/auth');
  });
});

describe('routing', () => {
  it('sends a signed-in player from / and /auth to /play', async () => {
    const { page } = await browser.newPage();
    await signUpAndVerify(page);
    for (const path of ['/', '/auth']) {
      await page.goto(path);
      await page.waitForURL('**/play');
      await page.getByRole('button', { name: 'Account menu' }).waitFor();
    }
  });

  it("shows the 404 page for an unknown path, and 'Return to Home' goes to /", async () => {
    const { page, allowFailure } = await browser.newPage();
    allowFailure('/some/unknown', 404);
    const response = await page.goto('/some/unknown');
    expect(response?.status()).toBe(404);
    await expectText(page, 'Oops! Page not found');
    await screenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectText(page, 'Get Started');
  });

  it('/admin sends visitors to /auth and tells a signed-in player it is for organizers only', async () => {
    const { page } = await browser.newPage();
    await page.goto('/admin');
    await page.waitForURL('**/auth');
    await signUpAndVerify(page);
    await page.goto('/admin');
    await expectText(page, 'Organizers only');
    expect(await page.getByText('Organizer console').count()).toBe(0);
    await screenshot(page, 'admin-player');
  });

  it('privacy BACK returns to the page the visitor came from', async () => {
    const { page } = await browser.newPage();
    for (const from of ['/', '/auth']) {
      await page.goto(from);
      await page.getByRole('link', { name: 'Privacy Policy' }).click();
      await page.waitForURL('**/privacy');
      await expectText(page, 'Privacy Policy');
      if (from === '/') await screenshot(page, 'privacy');
      await page.getByRole('button', { name: 'BACK' }).click();
      await page.waitForURL((url) => url.pathname === from);
    }
  });

  it('privacy BACK returns there too when the link was tapped before the app had started (a full page load)', async () => {
    const { page } = await browser.newPage();
    for (const from of ['/auth', '/']) {
      await page.goto(from);
      // What the browser does with the footer's link before the script runs: a plain navigation, with a referrer.
      await page.goto('/privacy', { referer: new URL(from, baseUrl()).toString() });
      await page.getByRole('button', { name: 'BACK' }).click();
      await page.waitForURL((url) => url.pathname === from);
    }
    // Opened from elsewhere: BACK goes home.
    await page.goto('/privacy', { referer: 'https://example.com/talks' });
    await page.getByRole('button', { name: 'BACK' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});

describe('Google sign-in', () => {
  it('goes through the OpenID Connect issuer and lands signed in on /play with the Google name kept', async () => {
    const { page } = await browser.newPage();
    const issuerHits: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(inject('issuerUrl'))) issuerHits.push(new URL(request.url()).pathname);
    });
    await page.goto('/auth');
    await page.getByRole('button', { name: /Google/ }).click();
    // Several navigations in a row (issuer, callback, /play): poll the address rather than wait for one load.
    await expect.poll(() => pathOf(page), { timeout: 30_000 }).toBe('/play');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(issuerHits).toContain('/authorize');
    await screenshot(page, 'play-google');

    const session = await sessionOf(page);
    expect(session.user).toMatchObject({ email: DEFAULT_GOOGLE_USER.email, name: DEFAULT_GOOGLE_USER.name, emailVerified: true });
    expect(await page.getByRole('button', { name: 'Account menu' }).innerText()).toBe('AD');
  });
});

describe('desktop', () => {
  it('keeps the content in a centred column on a wide screen', async () => {
    const { page } = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto('/auth');
    await expectText(page, 'Welcome back!');
    const box = await page.getByRole('heading', { name: 'Welcome back!' }).boundingBox();
    expect(box!.x).toBeGreaterThan(1280 / 2 - 430 / 2 - 1);
    expect(box!.x + box!.width).toBeLessThan(1280 / 2 + 430 / 2 + 1);
    await screenshot(page, 'desktop-auth');
    await page.goto('/');
    await expectText(page, 'Get Started');
    await screenshot(page, 'desktop-landing');
  });
});

import { describe, expect, it } from 'vitest';
import { baseUrl, expectText, signUpAndVerify, untilIdle, useBrowser } from './browser-helpers';

// What /play loads before START CHALLENGE shows, and the pages' loading and failure screens (docs/decisions/025).
const browser = useBrowser();

describe("/play's first load", () => {
  it('fetches only what its HTML names (no stylesheet, better-auth client or sonner) until START shows, and the complete and history views once a game is open', async () => {
    const { page, context } = await browser.newPage();
    await signUpAndVerify(page);
    // A returning player: with a display name, so START will not need the name dialog (loaded ahead otherwise).
    const saved = await page.request.put('/api/profile', { data: { displayName: 'Fast Loader' }, headers: { origin: baseUrl() } });
    expect(saved.ok()).toBe(true);

    const tab = await context.newPage();
    const assets: string[] = [];
    tab.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/assets/')) assets.push(path);
    });
    const response = await tab.goto('/play');
    await tab.getByRole('button', { name: 'START CHALLENGE' }).waitFor();
    const beforeStart = [...assets];
    const html = (await response!.text()) as string;
    const named = [...html.matchAll(/\s(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
    expect(html).toContain('<style data-href="/assets/');
    expect(html).not.toContain('rel="stylesheet"');
    expect(named.filter((path) => /auth-client|complete-view|history-view|\.css$/.test(path))).toEqual([]);

    const later = /\/assets\/(complete|history)-view-/;
    expect(beforeStart.filter((path) => !named.includes(path))).toEqual([]);
    expect(named.every((path) => !path.endsWith('.js') || beforeStart.includes(path))).toBe(true);

    // Nothing more while the home view shows (on bad Wi-Fi START's request would wait for a free connection) ...
    await untilIdle(tab);
    expect(assets.filter((path) => later.test(path))).toEqual([]);
    // ... the complete and history views once a game is open.
    await tab.getByRole('button', { name: 'START CHALLENGE' }).click();
    await tab.getByText('Guess the Prompt - Attempt 1 of 3').waitFor();
    await expect.poll(() => assets.filter((path) => later.test(path)).length).toBe(2);
    expect(assets.some((path) => path.endsWith('.css') || path.includes('auth-client'))).toBe(false);
    expect(new Set(assets).size, 'no asset twice').toBe(assets.length);

    // better-auth's client comes with the account menu, for Sign Out.
    await tab.getByRole('button', { name: 'Account menu' }).click();
    await tab.getByRole('button', { name: 'Sign Out' }).waitFor();
    await expect.poll(() => assets.some((path) => /\/assets\/auth-client-/.test(path))).toBe(true);
  });

  it('signs in and lands on /play without a bounce back to /auth', async () => {
    const first = await browser.newPage();
    const { email, password } = await signUpAndVerify(first.page);

    const { page } = await browser.newPage();
    // Every address the tab shows, client-side moves included.
    await page.addInitScript(() => {
      const seen: string[] = [location.pathname];
      (window as unknown as { visited: string[] }).visited = seen;
      for (const method of ['pushState', 'replaceState'] as const) {
        const original = history[method].bind(history);
        history[method] = (...args: Parameters<History['pushState']>) => {
          original(...args);
          seen.push(location.pathname);
        };
      }
    });
    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'SIGN IN', exact: true }).click();
    await expectText(page, "You've successfully signed in.");
    await page.getByRole('button', { name: 'START CHALLENGE' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/play');
    const visited = await page.evaluate(() => (window as unknown as { visited: string[] }).visited);
    expect(visited).toContain('/play');
    // The guard on /play waited for the new session instead of sending the player back to /auth.
    expect(visited.slice(visited.indexOf('/play'))).not.toContain('/auth');
  });
});

describe('/auth for a visitor without a session', () => {
  it('arrives as the form itself (sign-in or sign-up) and the app takes over without a Loading... screen in between', async () => {
    const { page } = await browser.newPage();
    // The markup is in the HTML: it paints before any script (and with JavaScript off).
    const signIn = await (await page.request.get('/auth')).text();
    expect(signIn).toContain('data-prerendered="auth"');
    expect(signIn).toContain('Welcome back!');
    expect(signIn).toContain('SIGN IN');
    // The journeys' server has Google configured (a local OpenID Connect issuer stands in for it): the markup offers it.
    expect(signIn).toContain('data-google="true"');
    expect(signIn).toContain('Continue with Google');
    const signUp = await (await page.request.get('/auth?mode=sign-up')).text();
    expect(signUp).toContain('Join the challenge!');
    expect(signUp).toContain('SIGN UP');

    // Every text the page ever shows, from the first parse on; and the pre-rendered form's element, as parsed.
    await page.addInitScript(() => {
      const seen = new Set<string>();
      const marks = window as unknown as { seen: Set<string>; parsedForm?: Element | null };
      marks.seen = seen;
      new MutationObserver(() => seen.add(document.body?.innerText ?? '')).observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
      });
      // 'interactive': the HTML is parsed, no script has run yet.
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') marks.parsedForm = document.querySelector('#root form');
      });
    });
    await page.goto('/auth?mode=sign-up');
    await expectText(page, 'Join the challenge!');
    // The app adopts the pre-rendered markup (hydrates it: React's fiber is on the form the HTML parser made) instead
    // of building the page again.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const form = (window as unknown as { parsedForm?: Element | null }).parsedForm;
          return Boolean(form?.isConnected && Object.keys(form).some((key) => key.startsWith('__reactFiber')));
        }),
      )
      .toBe(true);
    // The app runs the page now: the toggle works.
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectText(page, 'Welcome back!');
    const texts = await page.evaluate(() => [...(window as unknown as { seen: Set<string> }).seen]);
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.filter((text) => text.includes('Loading...'))).toEqual([]);
  });

  it('the landing page is hydrated, not rendered again', async () => {
    const { page } = await browser.newPage();
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') {
          (window as unknown as { parsedMain?: Element | null }).parsedMain = document.querySelector('#root main');
        }
      });
    });
    await page.goto('/');
    await expectText(page, 'Get Started');
    // React has taken the element the HTML parser made as its own (its fiber is on it) and kept it in the page.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const main = (window as unknown as { parsedMain?: Element | null }).parsedMain;
          return Boolean(main?.isConnected && Object.keys(main).some((key) => key.startsWith('__reactFiber')));
        }),
      )
      .toBe(true);
  });

  it('a signed-in player opening /auth still goes to /play', async () => {
    const { page } = await browser.newPage();
    await signUpAndVerify(page);
    const html = await (await page.request.get('/auth')).text();
    expect(html).not.toContain('data-prerendered');
    await page.goto('/auth');
    await page.waitForURL((url) => url.pathname === '/play');
    await page.getByRole('button', { name: 'START CHALLENGE' }).waitFor();
  });
});

describe('page chunks', () => {
  it('a page whose code cannot load shows the reload screen; going to another page clears it', async () => {
    const { page, allowFailure } = await browser.newPage();
    allowFailure('/assets/privacy', 'network');
    await page.goto('/');
    await expectText(page, 'Get Started');
    await page.route('**/assets/privacy-*.js', (route) => route.abort());
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await expectText(page, 'Something went wrong');
    await expectText(page, 'The page could not be loaded. Check your connection and try again.');
    await page.getByRole('button', { name: 'Reload' }).waitFor();

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await expectText(page, 'Get Started');
    expect(await page.getByText('Something went wrong').count()).toBe(0);
  });
});

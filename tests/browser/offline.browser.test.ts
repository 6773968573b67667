import { describe, expect, test } from 'vitest';
import { baseUrl, expectText, readLatestMail, screenshot, uniqueBrowserEmail, useBrowser } from './browser-helpers';

const { newPage } = useBrowser();

describe('offline-tolerant at 390×844', () => {
  test('a reload while the server is unreachable shows "Reconnecting…", then the game resumes by itself', async () => {
    const { page, context, allowFailure } = await newPage({ serviceWorkers: 'allow' });
    const email = uniqueBrowserEmail('offline');
    const headers = { origin: baseUrl() };
    expect(
      (await page.request.post('/api/auth/sign-up/email', { data: { email, password: 'correct horse', name: '' }, headers })).status(),
    ).toBe(200);
    await page.goto((await readLatestMail(baseUrl(), email)).link);
    expect((await page.request.put('/api/profile', { data: { displayName: 'Offline Olly' }, headers })).status()).toBe(200);

    await page.goto('/play');
    await page.getByRole('button', { name: 'START CHALLENGE' }).click();
    await expectText(page, 'Guess the Prompt - Attempt 1 of 3');
    // The service worker is installed (it registers after the page's load event) and controls the page: it claims
    // open pages once its offline page is cached; a page it has not claimed yet is controlled after a reload.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
    await expectText(page, 'Guess the Prompt - Attempt 1 of 3');
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);

    // From here on the network is down: every request sent now, or still in flight, fails by design (the Reconnecting
    // page's health checks; on a loaded machine also the game screen's warm-ups of its other views and the stats a
    // page asks for, which were slow to go out). Failures logged before this line still fail the test.
    allowFailure('/', 'network');
    await context.setOffline(true);
    await page.reload();
    await expectText(page, 'RECONNECTING…');
    expect(new URL(page.url()).pathname).toBe('/play');
    await screenshot(page, 'offline-reconnecting');

    await context.setOffline(false);
    // No tap needed: the page notices the server is back and reloads into the unfinished game.
    await expectText(page, 'Guess the Prompt - Attempt 1 of 3', 20_000);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('main img')].some((image) => (image as HTMLImageElement).naturalWidth > 0),
    );
  });
});

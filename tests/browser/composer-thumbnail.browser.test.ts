import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, test } from 'vitest';
import { baseUrl, readLatestMail, screenshot, uniqueBrowserEmail, untilStill, useBrowser } from './browser-helpers';

// On a 375x667 phone the keyboard leaves little of the image in view while typing a guess: a thumbnail beside the
// field stays in view and opens the image large.
const { newPage } = useBrowser();
const SMALL_PHONE = { width: 375, height: 667 };
const GUESS_LABEL = 'What prompt do you think generated this image?';

describe('the image while typing at 375x667', () => {
  test('a thumbnail beside the guess field stays in view while typing and opens the image large', async () => {
    const { page } = await newPage({ viewport: SMALL_PHONE });
    const headers = { origin: baseUrl() };
    const email = uniqueBrowserEmail('thumb');
    expect(
      (await page.request.post('/api/auth/sign-up/email', { data: { email, password: 'correct horse', name: '' }, headers })).status(),
    ).toBe(200);
    await page.request.get((await readLatestMail(baseUrl(), email)).link);
    expect((await page.request.put('/api/profile', { data: { displayName: `Thumb${Date.now() % 100000}` }, headers })).status()).toBe(200);
    expect((await page.request.post('/api/game/start', { headers })).status()).toBe(201);

    await page.goto('/play');
    const field = page.getByLabel(GUESS_LABEL);
    await field.click();
    await field.fill('a lighthouse on a cliff');
    const thumbnail = page.getByRole('button', { name: 'Open the image large' });
    await expect.poll(() => thumbnail.evaluate((el) => (el.querySelector('img') as HTMLImageElement).complete)).toBe(true);
    // In view together with the field being typed in.
    const [thumbBox, fieldBox] = [await thumbnail.boundingBox(), await field.boundingBox()];
    expect(thumbBox && fieldBox).toBeTruthy();
    expect(thumbBox!.y).toBeGreaterThanOrEqual(0);
    expect(thumbBox!.y + thumbBox!.height).toBeLessThanOrEqual(SMALL_PHONE.height);
    // Beside the field: the two overlap vertically.
    expect(thumbBox!.y).toBeLessThan(fieldBox!.y + fieldBox!.height);
    expect(thumbBox!.y + thumbBox!.height).toBeGreaterThan(fieldBox!.y);
    await screenshot(page, 'composer-thumbnail-375x667');
    // The state is accessible (WCAG 2.1 AA, as tests/browser/a11y.browser.test.ts checks every page).
    await untilStill(page);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((node) => node.target.join(' ')).join(' | ')}`)).toEqual([]);

    await thumbnail.click();
    const dialog = page.getByRole('dialog', { name: 'The challenge image' });
    await dialog.waitFor();
    await screenshot(page, 'composer-thumbnail-open-375x667');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The draft is still there.
    expect(await field.inputValue()).toBe('a lighthouse on a cliff');
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generatedImage, zipFiles } from '../support/game';
import { expectAccessible, PHONE_VIEWPORT, screenshot, useBrowser } from './browser-helpers';
import { openConsoleChallenges, useOwnServerWithImages } from './own-server';
import { quote } from '../../server/challenges/prompt-check';

// Preparing a pool for an event: compose prompts, check them, generate and review the images, check the pool. Its own
// server (same web build) with an organizer made before it starts, and a fake image provider.
const browser = useBrowser();
const ORGANIZER = { email: 'pool-organizer@example.test', password: 'organizer-password' };
const server = useOwnServerWithImages('gg-pool-', ORGANIZER, { delayMs: 100, env: { GENERATION_CONCURRENCY: '4' } });
const openChallenges = (page: Page) => openConsoleChallenges(page, server.url, ORGANIZER);

const lines = async (page: Page) =>
  (await page.getByLabel('Prompts', { exact: true }).inputValue()).split('\n').filter((line) => line.trim() !== '');

describe.each([
  { name: 'desktop', viewport: { width: 1366, height: 768 }, seed: 1 },
  { name: 'phone', viewport: PHONE_VIEWPORT, seed: 2 },
])('preparing a pool ($name)', ({ name, viewport, seed }) => {
  it('composes and checks prompts, generates and reviews the images by keyboard, and disables what the pool check finds', async () => {
    const { page } = await browser.newPage({ viewport });
    await openChallenges(page);

    // Compose: 8 prompts about music (alone), into the editable box.
    const compose = page.getByRole('form', { name: 'Compose prompts' });
    for (const theme of ['space', 'food', 'animals']) await compose.getByRole('button', { name: theme, exact: true }).click();
    await compose.getByRole('button', { name: 'music', exact: true }).click();
    await compose.getByLabel('How many').fill('8');
    await compose.getByRole('button', { name: 'COMPOSE 8 PROMPTS' }).click();
    await page.getByText('8 prompts (at most').waitFor();
    const composed = await lines(page);
    expect(composed).toHaveLength(8);
    // The organizer adds a line that repeats the first with one word changed; the check names the pair.
    const twin = composed[0].replace(/ in | on | at /, (preposition) => (preposition === ' in ' ? ' inside ' : ' near '));
    await page.getByLabel('Prompts', { exact: true }).fill([...composed, twin, 'guitar man'].join('\n'));
    await page.getByRole('button', { name: 'CHECK THESE PROMPTS' }).click();
    const flags = page.getByTestId('draft-flags');
    // Quoted as the message quotes them (a long composed scene is cut: the pool the composer avoids differs per run).
    await flags.getByText(`${quote(composed[0])} and ${quote(twin)}`, { exact: false }).waitFor();
    await flags.getByText('"guitar man" has 2 words').waitFor();
    await page.getByTestId('generation-estimate').getByText('10 images').waitFor();
    await screenshot(page, `pool-compose-${name}`);
    await expectAccessible(page, `compose (${name})`);

    // Generate the 8 composed prompts; the images are held for review.
    await page.getByLabel('Prompts', { exact: true }).fill(composed.join('\n'));
    await page.getByRole('button', { name: 'START GENERATING' }).click();
    const grid = page.getByTestId('review-grid');
    await grid.waitFor({ timeout: 60_000 });
    await grid.getByText('8 left to review.').waitFor();
    const tiles = grid.locator('li[data-review]');
    expect(await tiles.count()).toBe(8);
    // Keyboard: approve the first, reject the second, regenerate the third.
    await tiles.nth(0).focus();
    await page.keyboard.press('a');
    await grid.getByText('7 left to review.').waitFor();
    await expect.poll(() => tiles.nth(0).getAttribute('data-review')).toBe('approved');
    await tiles.nth(1).focus();
    await page.keyboard.press('r');
    await expect.poll(() => tiles.nth(1).getAttribute('data-review')).toBe('rejected');
    await tiles.nth(2).focus();
    await page.keyboard.press('g');
    await grid.waitFor({ state: 'detached' }).catch(() => undefined);
    await page.getByTestId('review-grid').getByText('6 left to review.').waitFor({ timeout: 60_000 });
    await screenshot(page, `pool-review-${name}`);
    await expectAccessible(page, `review grid (${name})`);
    await page.getByRole('button', { name: /APPROVE THE 6 ON THIS PAGE/ }).click();
    await page.getByTestId('review-grid').getByText('0 left to review.').waitFor();

    // A pack with a near-duplicate pair: named at import, then the pool check disables one of them in one click.
    const pair = [`a ${name} fox juggling oranges in a busy market at dawn`, `a ${name} fox juggling oranges at a busy market at dawn`];
    const files: Record<string, Buffer | string> = {
      'manifest.json': JSON.stringify(pair.map((prompt, i) => ({ file: `images/${i}.png`, prompt }))),
    };
    for (const i of [0, 1]) files[`images/${i}.png`] = await generatedImage(700 + seed * 10 + i);
    await page
      .locator('input[type=file][accept^=".zip"]')
      .setInputFiles({ name: 'fox.zip', mimeType: 'application/zip', buffer: zipFiles(files) });
    await page.getByTestId('import-flags').getByText(`"${pair[0]}" and "${pair[1]}"`, { exact: false }).waitFor();

    await page.getByRole('button', { name: /CHECK THE POOL/ }).click();
    const check = page.getByTestId('pool-check');
    const foxPair = check.getByText(new RegExp(`"a ${name} fox juggling[^"]*" and "a ${name} fox juggling[^"]*" are near-duplicates`));
    await foxPair.waitFor();
    await screenshot(page, `pool-check-${name}`);
    await expectAccessible(page, `pool check (${name})`);
    await check
      .getByRole('listitem')
      .filter({ hasText: new RegExp(`"a ${name} fox juggling[^"]*" and "a ${name} fox juggling[^"]*" are near-duplicates`) })
      .getByRole('button', { name: new RegExp(`^Disable "a ${name} fox`) })
      .click();
    await foxPair.waitFor({ state: 'detached' });
  });
});

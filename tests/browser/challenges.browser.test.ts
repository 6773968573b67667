import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generatedImage, zipFiles } from '../support/game';
import { buildZip } from '../support/zip-builder';
import { screenshot, useBrowser } from './browser-helpers';
import { openConsoleChallenges, useOwnServerWithImages } from './own-server';

// The organizer console needs an organizer, made with admin:create before the server holds the PGlite folder:
// this file starts a server of its own (same web build), with a fake image provider and a 1 MB upload limit.
const browser = useBrowser();
const ORGANIZER = { email: 'organizer@example.test', password: 'organizer-password' };
const server = useOwnServerWithImages('gg-console-', ORGANIZER, {
  delayMs: 700,
  env: { PACK_UPLOAD_MAX_MB: '1', GENERATION_CONCURRENCY: '2' },
});
const openChallenges = (page: Page) => openConsoleChallenges(page, server.url, ORGANIZER);

const choosePack = (page: Page, name: string, buffer: Buffer) =>
  page.locator('input[type=file][accept^=".zip"]').setInputFiles({ name, mimeType: 'application/zip', buffer });

describe('Challenges section', () => {
  it('uploads a good pack, lists every problem of broken ones, refuses ../ entries and oversized packs', async () => {
    const { page, allowFailure } = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    allowFailure('/api/admin/challenges/import', 422);
    allowFailure('/api/admin/challenges/import', 413);
    await openChallenges(page);
    await page.getByText('The pool is empty: new players cannot start.').waitFor();

    const manifest = [1, 2, 3].map((n) => ({
      file: `images/${n}.png`,
      prompt: n === 3 ? 'mountain man' : `browser pack prompt ${n}: a striped square`,
    }));
    const files: Record<string, Buffer | string> = { 'manifest.json': JSON.stringify(manifest) };
    for (const n of [1, 2, 3]) files[`images/${n}.png`] = await generatedImage(500 + n);
    await choosePack(page, 'good.zip', zipFiles(files));
    await page.getByText('Imported 3 challenges.').waitFor();
    // The prompt shows in the pool's table (and, hard to score, in the import's result too).
    const table = page.getByRole('region', { name: 'Challenges table' });
    await table.getByText('browser pack prompt 2: a striped square').waitFor();
    await table.locator('tbody tr').nth(2).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(3);
    // Each challenge shows its difficulty estimate; one on which a good short description cannot score is flagged,
    // in the import's result and in the pool.
    await page.getByText('“mountain man”: difficulty', { exact: false }).waitFor();
    const hardRow = table.locator('tbody tr', { hasText: 'mountain man' });
    await hardRow.getByText('Hard to score').waitFor();
    expect(await hardRow.locator('td').nth(6).innerText()).toMatch(/^\d+\.\d%/);
    await screenshot(page, 'challenges-uploaded');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'challenges-uploaded-phone');
    await page.setViewportSize({ width: 1366, height: 768 });

    await choosePack(
      page,
      'broken.zip',
      zipFiles({
        'manifest.json': JSON.stringify([
          { file: 'images/missing.png', prompt: 'x' },
          { file: 'images/text.png', prompt: '' },
        ]),
        'images/text.png': 'not an image',
      }),
    );
    await page.getByText('The pack has 3 problems; nothing was imported.').waitFor();
    await page.getByText('entry 1 (images/missing.png): image file not found in the pack').waitFor();

    await choosePack(
      page,
      'evil.zip',
      buildZip([
        { name: 'manifest.json', data: '[]' },
        { name: '../../escape.png', data: 'x' },
      ]),
    );
    await page.getByText('zip entry "../../escape.png" has a path leaving the pack').waitFor();

    await choosePack(page, 'huge.zip', Buffer.concat([zipFiles(files), Buffer.alloc(1024 * 1024 + 1)]));
    await page.getByText(/larger than 1 MB|upload was interrupted/).waitFor();
    expect(await page.getByRole('region', { name: 'Challenges table' }).locator('tbody tr').count()).toBe(3);
  });

  it('generates challenges straight into the pool: their images, and the provider refusal with its reason', async () => {
    const { page } = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await openChallenges(page);
    await page
      .getByRole('textbox', { name: 'Prompts' })
      .fill(['a lighthouse at dawn', 'a red bicycle by a wall', 'a teapot shaped like a whale', 'a refused one [refuse]'].join('\n'));
    // Straight into the pool (the review itself has its own journey: pool.browser.test.ts).
    await page.getByRole('checkbox', { name: /Hold images for review/ }).uncheck();
    await page.getByRole('button', { name: 'START GENERATING' }).click();
    // A finished run shows its images as tiles: three generated, one refused by the provider with its reason.
    await page.getByText(/Failed: HTTP 400: Your request was rejected/).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('li[data-review] img[src]').count()).toBe(3);
    await screenshot(page, 'challenges-generated');
    await page.getByText('a teapot shaped like a whale').first().waitFor();
  });
});

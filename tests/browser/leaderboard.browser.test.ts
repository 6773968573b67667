import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { demoPackDir } from '../../scripts/paths';
import { baseUrl, expectText, readLatestMail, screenshot, uniqueBrowserEmail, useBrowser } from './browser-helpers';
import { testDisplayName } from '../support/display-names';

const demoPrompts: string[] = (JSON.parse(readFileSync(path.join(demoPackDir, 'manifest.json'), 'utf8')) as Array<{ prompt: string }>).map(
  (e) => e.prompt,
);

const { newPage } = useBrowser();

/** A verified player signed in inside `page`'s browser context (real sign-up endpoint + the captured mail's link). */
async function signedInPlayer(page: Page) {
  const email = uniqueBrowserEmail('board');
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'correct horse', name: '' },
    headers: { origin: baseUrl() },
  });
  expect(response.status()).toBe(200);
  const mail = await readLatestMail(baseUrl(), email);
  await page.request.get(mail.link);
  return { email };
}

/** Plays one challenge with this context's cookies through the same API the /play page uses. */
async function playThroughApi(request: APIRequestContext, displayName: string, guesses: string[]) {
  const headers = { origin: baseUrl() };
  expect((await request.put('/api/profile', { data: { displayName }, headers })).status()).toBe(200);
  const start = await request.post('/api/game/start', { headers });
  expect(start.status()).toBe(201);
  const { attempt } = await start.json();
  let finalScore = 0;
  for (const [index, guess] of guesses.entries()) {
    const response = await request.post(`/api/game/attempts/${attempt.id}/guesses`, { data: { guess, guessNumber: index + 1 }, headers });
    expect(response.status()).toBe(200);
    const { attempt: now } = await response.json();
    finalScore = now.finalScore;
    // A guess that happens to be this image's prompt scores 100 % and ends the game there.
    if (now.nextGuessNumber === null) break;
  }
  return finalScore;
}

const guessesFor = (index: number) => [0, 1, 2].map((offset) => demoPrompts[(index * 3 + offset) % demoPrompts.length]);

describe('live leaderboard', () => {
  test('/leaderboard updates live (no polling) while another player finishes a challenge', async () => {
    const viewer = await newPage();
    const leaderboardRequests: string[] = [];
    viewer.page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/leaderboard')) leaderboardRequests.push(url.pathname);
    });
    await viewer.page.goto('/leaderboard');
    await viewer.page.getByRole('heading', { name: 'Leaderboard' }).waitFor();
    await expectText(viewer.page, 'Live');

    const player = await newPage();
    await signedInPlayer(player.page);
    const name = testDisplayName('Live', 4);
    const score = await playThroughApi(player.page.request, name, guessesFor(1));

    // The viewer's page shows the new row without a reload.
    const row = viewer.page.getByRole('listitem').filter({ hasText: name });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain(`${score.toFixed(1)}%`);
    expect(leaderboardRequests.filter((p) => p === '/api/leaderboard')).toHaveLength(1);
    expect(leaderboardRequests.filter((p) => p === '/api/leaderboard/stream')).toHaveLength(1);
    await screenshot(viewer.page, 'leaderboard-phone');

    // The player sees their own row highlighted, and their rank on /play.
    await player.page.goto('/leaderboard');
    await player.page.locator('[aria-current="true"]').filter({ hasText: name }).first().waitFor();
    await player.page.goto('/play');
    await expectText(player.page, /^You are #\d+ of \d+$/);
    // The rank line sits above START CHALLENGE; anything taller (the #1's strategy form) goes below it.
    const start = await player.page.getByRole('button', { name: 'START CHALLENGE' }).boundingBox();
    expect(start!.y + start!.height).toBeLessThanOrEqual(844);
    await screenshot(player.page, 'play-home-rank');
  });

  test('booth mode at 1920×1080: top 10 in large type, a loopback warning instead of a useless QR code, updating live', async () => {
    // A few players so the board has some shape.
    const names: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { page } = await newPage();
      await signedInPlayer(page);
      const name = testDisplayName(['NeonOtter', 'PixelPanda', 'CosmicFox', 'LuckyLynx', 'TurboYeti'][i], 2);
      names.push(name);
      await playThroughApi(page.request, name, guessesFor(i + 2));
      await page.context().close();
    }

    const booth = await newPage({ viewport: { width: 1920, height: 1080 } });
    await booth.page.goto('/booth');
    // The test server's game URL is http://localhost:…, which no phone can open: the booth says so instead of a QR code.
    await booth.page.getByTestId('booth-loopback-warning').waitFor();
    expect(await booth.page.getByRole('img', { name: /QR code opening/ }).count()).toBe(0);
    await booth.page.getByRole('list', { name: 'Top 10' }).waitFor();
    expect(await booth.page.getByRole('list', { name: 'Top 10' }).getByRole('listitem').count()).toBeLessThanOrEqual(10);
    // Nothing to click but the booth's own sound switch (off by default), and no cursor.
    expect(await booth.page.locator('button, a, input, textarea').count()).toBe(1);
    expect(await booth.page.getByRole('button', { name: /sound/i }).count()).toBe(1);
    expect(await booth.page.locator('div.cursor-none').count()).toBe(1);

    // Live: a new, high score appears on the booth without a reload.
    const { page: finisher } = await newPage();
    await signedInPlayer(finisher);
    const champion = testDisplayName('Champ', 4);
    await playThroughApi(finisher.request, champion, demoPrompts.slice(0, 3));
    const { rank, score } = await (await finisher.request.get('/api/leaderboard/me')).json();
    // The booth lists scores above 0 only (a 0.0 % is not a standing).
    if (rank !== null && rank <= 10 && score > 0) await booth.page.getByRole('list', { name: 'Top 10' }).getByText(champion).waitFor();
    await screenshot(booth.page, 'booth-1920x1080');

    // The old /leaderboard?booth=1 link lands on /booth.
    await booth.page.goto('/leaderboard?booth=1');
    await booth.page.waitForURL('**/booth');
    await booth.page.getByTestId('booth-loopback-warning').waitFor();
  });

  test('the landing page shows the current leader', async () => {
    const { page } = await newPage();
    await page.goto('/');
    await expectText(page, 'Current leader');
    await page.locator('#champion-heading').waitFor();
    await screenshot(page, 'landing-champion');
  });
});

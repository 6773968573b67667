import { rmSync } from 'node:fs';
import sharp from 'sharp';
import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { formatScore } from '@contracts/game.rules';
import { demoPackDir } from '../../scripts/paths';
import { startServer, type ServerProcess } from '../support/server-process';
import { baseUrl, nameDialogWithSuggestion, readLatestMail, screenshot, uniqueBrowserEmail, useBrowser } from './browser-helpers';
import { demoPromptOf } from './demo-prompts';
import { migratedDataDir } from '../support/data-dir';

const GUESS_LABEL = 'What prompt do you think generated this image?';
const VIEWPORTS = [
  { width: 375, height: 667 },
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];

const { newPage } = useBrowser();

/** A verified, signed-in player (optionally named) on `base`, through the real auth endpoints and captured mail. */
async function signedInPlayer(page: Page, base: string, displayName?: string) {
  const email = uniqueBrowserEmail('reward');
  const response = await page.request.post(`${base}/api/auth/sign-up/email`, {
    data: { email, password: 'correct horse', name: '' },
    headers: { origin: base },
  });
  expect(response.status()).toBe(200);
  const mail = await readLatestMail(base, email);
  await page.goto(mail.link);
  if (displayName) {
    const saved = await page.request.put(`${base}/api/profile`, { data: { displayName }, headers: { origin: base } });
    expect(saved.status()).toBe(200);
  }
}

async function start(request: APIRequestContext, base: string) {
  const started = await request.post(`${base}/api/game/start`, { headers: { origin: base } });
  expect(started.status()).toBe(201);
  return (await started.json()).attempt as { id: string; imageUrl: string };
}

async function guess(request: APIRequestContext, base: string, attemptId: string, guessNumber: number, text: string) {
  const response = await request.post(`${base}/api/game/attempts/${attemptId}/guesses`, {
    data: { guess: text, guessNumber },
    headers: { origin: base },
  });
  expect(response.status()).toBe(200);
  return response.json();
}

const inViewport = async (page: Page, name: string | RegExp, role: 'button' | 'textbox') => {
  const box = await (role === 'button' ? page.getByRole('button', { name }) : page.getByLabel(name)).boundingBox();
  const viewport = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.y + box.height <= viewport.height;
};

describe('the moment of the score', () => {
  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;
    test(`${size}: composer in view, each guess revealed on the page, complete screen with rank movement and highlighted words`, async () => {
      const { page } = await newPage({ viewport });
      await signedInPlayer(page, baseUrl(), `Reveal${viewport.width}`);
      // A first game with nothing right puts the player low on the board: the second one moves them.
      const first = await start(page.request, baseUrl());
      for (const n of [1, 2, 3]) await guess(page.request, baseUrl(), first.id, n, 'zzz qqq xxx');

      await page.goto('/play');
      await page.getByRole('button', { name: 'START CHALLENGE' }).waitFor();
      await page.getByTestId('replace-notice').waitFor();
      const rankBefore = (await (await page.request.get('/api/leaderboard/me')).json()).rank as number;
      await page.getByRole('button', { name: 'START CHALLENGE' }).click();
      await page.getByLabel(GUESS_LABEL).waitFor();
      // First view of the game: the guess box and SUBMIT without scrolling.
      expect(await inViewport(page, GUESS_LABEL, 'textbox')).toBe(true);
      expect(await inViewport(page, 'SUBMIT GUESS 1', 'button')).toBe(true);
      await screenshot(page, `reward-guess1-${size}`);

      const attemptId = (await (await page.request.get('/api/game/current')).json()).attempt.id as string;
      const imageUrl = (await (await page.request.get('/api/game/current')).json()).attempt.imageUrl as string;
      const prompt = await demoPromptOf(page.request, baseUrl(), imageUrl);
      const words = prompt.split(/\s+/).filter((word) => word.length > 3);

      const guesses = ['a blurry photograph of nothing in particular', `${words.slice(0, 2).join(' ')} maybe`, prompt];
      for (const [index, text] of guesses.entries()) {
        const number = index + 1;
        await page.getByLabel(GUESS_LABEL).fill(text);
        const answered = page.waitForResponse((response) => response.url().includes(`/attempts/${attemptId}/guesses`));
        // The waiting message shows, next to the input, for at least a beat: watched for from before the click (on a
        // loaded machine the click's answer can reach the test after the beat is over).
        const waitingShown = page.getByTestId('waiting-message').waitFor();
        await page.getByRole('button', { name: `SUBMIT GUESS ${number}` }).click();
        await waitingShown;
        const body = await (await answered).json();
        const score = body.attempt.guesses.find((g: { number: number }) => g.number === number).score as number;
        if (number < 3) {
          const reveal = page.getByTestId('guess-reveal');
          await expect.poll(() => reveal.getByTestId('guess-reveal-score').textContent()).toBe(formatScore(score));
          expect(await reveal.getByTestId('guess-reveal-message').textContent()).toBe(body.message);
          // The reveal, the input and SUBMIT stay in view together.
          const box = await reveal.boundingBox();
          expect(box!.y).toBeGreaterThanOrEqual(0);
          expect(await inViewport(page, `SUBMIT GUESS ${number + 1}`, 'button')).toBe(true);
          await screenshot(page, `reward-reveal${number}-${size}`);
        }
      }

      await page.getByRole('heading', { name: 'Challenge Complete!' }).waitFor();
      await expect.poll(() => page.getByTestId('final-score').textContent()).toBe('100.0%');
      const movement = page.getByTestId('rank-movement');
      await movement.waitFor();
      // The movement since the last game, as the board has it (the shared board may already have a 100.0 % ahead).
      const rankAfter = (await (await page.request.get('/api/leaderboard/me')).json()).rank as number;
      const up = rankBefore - rankAfter;
      expect(await movement.textContent()).toBe(up > 0 ? `Up ${up} ${up === 1 ? 'place' : 'places'}` : 'Holding your place');
      expect(await page.getByTestId('complete-standing').textContent()).toContain(`#${rankAfter}`);
      // The prompt reveal highlights the words the guesses got right (the last guess had them all).
      expect(await page.getByTestId('matched-word').count()).toBeGreaterThanOrEqual(words.length > 0 ? 1 : 0);
      expect((await page.getByTestId('revealed-prompt').textContent())?.replace(/[“”]/g, '')).toBe(prompt);
      await screenshot(page, `reward-complete-${size}`);
    });
  }

  test('390x844: share opens the share sheet with the link; the link unfurls into a card', async () => {
    const { page } = await newPage();
    // The OS share sheet is the outside world: record what the page hands it.
    await page.addInitScript(() => {
      (navigator as Navigator & { shared?: ShareData[] }).shared = [];
      navigator.share = async (data?: ShareData) => void (navigator as Navigator & { shared: ShareData[] }).shared.push(data ?? {});
    });
    await signedInPlayer(page, baseUrl(), 'ShareMe');
    const attempt = await start(page.request, baseUrl());
    for (const n of [1, 2]) await guess(page.request, baseUrl(), attempt.id, n, 'a colourful picture');
    await page.goto('/play');
    await page.getByLabel(GUESS_LABEL).fill('a colourful picture');
    await page.getByRole('button', { name: 'SUBMIT GUESS 3' }).click();
    await page.getByRole('button', { name: 'SHARE MY SCORE' }).click();
    const shared = await page.evaluate(() => (navigator as Navigator & { shared: ShareData[] }).shared);
    expect(shared).toHaveLength(1);
    expect(shared[0].url).toBe(`${baseUrl()}/s/${attempt.id}`);
    expect(shared[0].text).toMatch(/^I scored \d+\.\d% on Guess the Genesis/);

    const html = await (await page.request.get(shared[0].url!)).text();
    const cardUrl = html.match(/<meta property="og:image" content="([^"]+)"/)![1];
    const card = await page.request.get(cardUrl);
    expect(card.headers()['content-type']).toBe('image/png');
    expect(await sharp(Buffer.from(await card.body())).metadata()).toMatchObject({ width: 1200, height: 630 });
    await page.goto(shared[0].url!);
    await screenshot(page, 'reward-share-page');
  });

  test('1366x768: without a share sheet the link is copied', async () => {
    const { page, context } = await newPage({ viewport: { width: 1366, height: 768 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await page.addInitScript(() => {
      // This desktop has no share sheet.
      Object.defineProperty(navigator, 'share', { value: undefined });
    });
    await signedInPlayer(page, baseUrl(), 'CopyMe');
    const attempt = await start(page.request, baseUrl());
    for (const n of [1, 2]) await guess(page.request, baseUrl(), attempt.id, n, 'a colourful picture');
    await page.goto('/play');
    await page.getByLabel(GUESS_LABEL).fill('a colourful picture');
    await page.getByRole('button', { name: 'SUBMIT GUESS 3' }).click();
    await page.getByRole('button', { name: 'SHARE MY SCORE' }).click();
    await page.getByRole('button', { name: 'LINK COPIED' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseUrl()}/s/${attempt.id}`);
  });

  test('keyboard only: start, dismiss the name dialog (focus returns), name, three guesses, complete', async () => {
    const { page } = await newPage({ viewport: { width: 1366, height: 768 } });
    await signedInPlayer(page, baseUrl());
    await page.goto('/play');
    const startButton = page.getByRole('button', { name: 'START CHALLENGE' });
    await startButton.waitFor();
    await startButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Choose Your Display Name' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('START CHALLENGE');

    await page.keyboard.press('Enter');
    const { nameInput } = await nameDialogWithSuggestion(page);
    // Focus starts inside the dialog; Enter in the name field confirms.
    await nameInput.focus();
    await page.keyboard.press('Enter');
    for (const number of [1, 2, 3]) {
      const field = page.getByLabel(GUESS_LABEL);
      await field.waitFor();
      // Tab from the heading (focused on the new screen) reaches the field, with a visible focus style.
      if (number === 1) {
        for (let i = 0; i < 6 && !(await field.evaluate((element) => element === document.activeElement)); i++)
          await page.keyboard.press('Tab');
      }
      await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.type(`keyboard guess ${number}`);
      await page.keyboard.press('Enter');
      if (number < 3) await page.getByRole('button', { name: `SUBMIT GUESS ${number + 1}` }).waitFor();
    }
    await page.getByRole('heading', { name: 'Challenge Complete!' }).waitFor();
  });
});

describe('the booth on a fresh event', () => {
  let server: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = migratedDataDir('gg-booth-');
    server = await startServer(
      { DATA_DIR: dataDir, AUTH_RATE_LIMIT: 'false', LOG_LEVEL: 'warn', CHALLENGE_PACK: demoPackDir, WEB_DIST_DIR: inject('webDistDir') },
      { timeoutMs: 120_000 },
    );
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('1920x1080: the ticker shows each finish and a new #1 takes over the screen, live', async () => {
    const base = server.url;
    const booth = await newPage({ viewport: { width: 1920, height: 1080 } });
    await booth.page.goto(`${base}/booth`);
    await booth.page.getByText('The top spot is up for grabs').waitFor();
    await booth.page.getByTestId('booth-loopback-warning').waitFor();
    await screenshot(booth.page, 'reward-booth-empty-1920x1080');

    // Another page finishes a game: the ticker shows it, and the first leader is a new #1.
    const mia = await newPage();
    await signedInPlayer(mia.page, base, 'Mia');
    const miaAttempt = await start(mia.page.request, base);
    // Mia gets close but not exact (the booth and the ticker list only scores above 0; only the exact prompt is 100).
    const miaPrompt = (await demoPromptOf(mia.page.request, base, miaAttempt.imageUrl)).split(' ');
    await guess(mia.page.request, base, miaAttempt.id, 1, 'a picture of a thing');
    await guess(mia.page.request, base, miaAttempt.id, 2, 'an image of a scene');
    const miaDone = await guess(
      mia.page.request,
      base,
      miaAttempt.id,
      3,
      miaPrompt.length > 2 ? miaPrompt.slice(0, -1).join(' ') : miaPrompt[0],
    );
    const miaScore = formatScore(miaDone.attempt.finalScore);
    const ticker = booth.page.getByTestId('ticker-item').first();
    await expect.poll(() => ticker.textContent()).toBe(`Miascored${miaScore}`);
    await booth.page.getByTestId('new-leader').filter({ hasText: 'Mia' }).waitFor();
    await booth.page.getByTestId('new-leader').waitFor({ state: 'detached', timeout: 15_000 });

    // Leo guesses the exact prompt and takes the lead: the takeover names him.
    const leo = await newPage();
    await signedInPlayer(leo.page, base, 'Leo');
    const leoAttempt = await start(leo.page.request, base);
    const prompt = await demoPromptOf(leo.page.request, base, leoAttempt.imageUrl);
    await guess(leo.page.request, base, leoAttempt.id, 1, 'no idea');
    await guess(leo.page.request, base, leoAttempt.id, 2, 'still no idea');
    await guess(leo.page.request, base, leoAttempt.id, 3, prompt);
    const takeover = booth.page.getByTestId('new-leader');
    await takeover.filter({ hasText: 'Leo' }).waitFor();
    expect(await takeover.textContent()).toContain('100.0%');
    await screenshot(booth.page, 'reward-booth-new-leader-1920x1080');
    await expect.poll(() => ticker.textContent()).toBe('Leoscored100.0%');
    await takeover.waitFor({ state: 'detached', timeout: 15_000 });
    expect(await booth.page.getByTestId('booth-counts').textContent()).toBe('2 players2 games played0 playing now');
    // Ten slots fill the board; no scrollbar at any size.
    expect(await booth.page.getByRole('list', { name: 'Top 10' }).getByRole('listitem').count()).toBe(10);
    await screenshot(booth.page, 'reward-booth-1920x1080');

    for (const viewport of [
      { width: 1280, height: 720 },
      { width: 3840, height: 2160 },
    ]) {
      const screen = await newPage({ viewport });
      await screen.page.goto(`${base}/booth?attract=2`);
      await screen.page.getByTestId('booth-ticker').waitFor();
      const overflow = await screen.page.evaluate(
        () => document.documentElement.scrollHeight > innerHeight || document.documentElement.scrollWidth > innerWidth,
      );
      expect(overflow).toBe(false);
      await screenshot(screen.page, `reward-booth-${viewport.width}x${viewport.height}`);
      // Nothing happens for a while: the attract loop starts (sample images of finished challenges first).
      await screen.page.getByTestId('booth-attract').waitFor();
      expect(await screen.page.getByTestId('booth-attract').getAttribute('data-slide')).toBe('images');
      await screenshot(screen.page, `reward-booth-attract-${viewport.width}x${viewport.height}`);
    }
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { demoPackDir } from '../../scripts/paths';
import {
  baseUrl,
  expectText,
  holdRequests,
  nameDialogWithSuggestion,
  readLatestMail,
  screenshot,
  uniqueBrowserEmail,
  untilIdle,
  useBrowser,
} from './browser-helpers';

const demoPrompts: string[] = (JSON.parse(readFileSync(path.join(demoPackDir, 'manifest.json'), 'utf8')) as Array<{ prompt: string }>).map(
  (entry) => entry.prompt,
);
const GUESS_LABEL = 'What prompt do you think generated this image?';

const { newPage } = useBrowser();

/** Waits until the challenge image has actually loaded (the skeleton is gone). */
async function waitForImage(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('main img')].some((image) => (image as HTMLImageElement).naturalWidth > 0),
  );
}

/**
 * A verified, signed-in player on /play: signs up through the real auth endpoints and follows the link from the
 * captured mail (the sign-up screen has its own journey; this one is about the game).
 */
async function signUpForPlay(page: Page) {
  const email = uniqueBrowserEmail('gamer');
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'correct horse', name: '' },
    headers: { origin: baseUrl() },
  });
  expect(response.status()).toBe(200);
  const mail = await readLatestMail(baseUrl(), email);
  await page.goto(mail.link);
  // The link signs the player in and lands on /, which sends a signed-in player on to /play (no second page load).
  await page.waitForURL(/\/play$/, { timeout: 60_000 });
  return { email };
}

async function homeIsReady(page: Page) {
  await page.getByRole('button', { name: 'START CHALLENGE' }).waitFor();
  await page.getByText('Loading stats...').waitFor({ state: 'detached' });
}

async function apiJson(page: Page, url: string) {
  const response = await page.request.get(url);
  expect(response.status()).toBe(200);
  return response.json();
}

describe('/play game journey at 390×844 with the demo pack', () => {
  test('sign up → name dialog → three guesses → complete → stats and history; a reload mid-game resumes', async () => {
    // With motion, as most players see it: the complete screen's confetti and the entrances run.
    const { page } = await newPage({ motion: 'full' });
    // Every request in order: the last START's image must go out before that START does. And the public config as
    // /play reads it, told from the landing page's own read by the page's address when it left.
    const requested: string[] = [];
    const playConfigReads: string[] = [];
    page.on('request', (request) => {
      const entry = `${request.method()} ${new URL(request.url()).pathname}`;
      requested.push(entry);
      if (entry === 'GET /api/config' && new URL(request.frame().url()).pathname === '/play') playConfigReads.push(entry);
    });
    await signUpForPlay(page);

    // Home view
    await expectText(page, /You have 3 attempts/);
    await homeIsReady(page);
    await expect.poll(() => page.getByTestId('stat-games-played').textContent()).toBe('0');
    for (const text of ['Start Playing', 'Your Stats', 'Game History', 'How it works', 'Get an Image', 'Make Your Guesses', 'Get Scored']) {
      await expectText(page, text);
    }
    await screenshot(page, 'game-home');
    // One read of the public config on /play: the page reads it once for the closed notice and the START guard; a second
    // copy held START's request back by a round trip on a phone's six connections (bench:slow-3g).
    expect(playConfigReads, `requests so far: ${requested.join(', ')}`).toEqual(['GET /api/config']);

    // START CHALLENGE without a display name → the name dialog
    await page.getByRole('button', { name: 'START CHALLENGE' }).click();
    const { dialog, nameInput, suggestion: firstName } = await nameDialogWithSuggestion(page);
    await dialog.getByRole('button', { name: 'TRY ANOTHER' }).click();
    await expect.poll(() => nameInput.inputValue()).not.toBe(firstName);
    const chosenName = await nameInput.inputValue();
    expect(chosenName.length).toBeLessThanOrEqual(20);
    await expectText(page, `${chosenName.length}/20 characters`);
    await expect.poll(() => dialog.getByLabel(/Phone Number/).getAttribute('type')).toBe('tel');
    await expectText(page, 'Only used to contact you if you win the challenge');
    await screenshot(page, 'game-name-dialog');

    // A phone number is digits, spaces and + - ( ): anything else says so under the field and holds CONFIRM back.
    const phoneInput = dialog.getByLabel(/Phone Number/);
    await phoneInput.fill('x;=HYPERLINK(A1)');
    await expectText(page, 'Use digits, spaces and + - ( ) only, e.g. +1 555 123 4567');
    expect(await dialog.getByRole('button', { name: 'CONFIRM' }).isDisabled()).toBe(true);
    await screenshot(page, 'game-name-dialog-bad-phone');
    await phoneInput.fill('+49 170 1234567');
    expect(await dialog.getByRole('button', { name: 'CONFIRM' }).isDisabled()).toBe(false);

    await nameInput.fill('   ');
    expect(await dialog.getByRole('button', { name: 'CONFIRM' }).isDisabled()).toBe(true);
    await nameInput.fill(chosenName);
    await dialog.getByRole('button', { name: 'CONFIRM' }).click();
    await expectText(page, 'Display name saved!');
    await expectText(page, `Welcome, ${chosenName}!`);
    await dialog.waitFor({ state: 'detached' });

    // Guess 1
    await expectText(page, 'Guess the Prompt - Attempt 1 of 3');
    await waitForImage(page);
    const guessInput = page.getByLabel(GUESS_LABEL);
    expect(await guessInput.getAttribute('placeholder')).toBe('Enter your guess for the AI prompt...');
    const submit1 = page.getByRole('button', { name: 'SUBMIT GUESS 1' });
    expect(await submit1.isDisabled()).toBe(true);
    await guessInput.fill('    ');
    expect(await submit1.isDisabled()).toBe(true);
    await screenshot(page, 'game-guessing-attempt-1');

    // Hold the guess request back until the busy state has been seen (scoring is fast).
    const pageSources: string[] = [await page.content()];
    const guessRequests = await holdRequests(page, '**/api/game/attempts/*/guesses');
    await guessInput.fill('a photo of an animal in a colourful landscape');
    await submit1.click();
    await page.getByRole('button', { name: 'PROCESSING...' }).waitFor();
    const waiting = page.getByTestId('waiting-message');
    await waiting.waitFor();
    expect((await waiting.textContent())?.length).toBeGreaterThan(10);
    await screenshot(page, 'game-processing');
    guessRequests.release();
    await expectText(page, 'Guess 1 of 3');
    await expectText(page, 'Guess the Prompt - Attempt 2 of 3');
    expect(await guessInput.inputValue()).toBe('');
    await page.unroute('**/api/game/attempts/*/guesses');

    // A reload mid-game resumes the unfinished attempt
    await page.reload();
    await expectText(page, 'Guess the Prompt - Attempt 2 of 3');
    await expectText(page, 'a photo of an animal in a colourful landscape');
    await waitForImage(page);
    pageSources.push(await page.content());

    // Guess 2 and 3
    await page.getByLabel(GUESS_LABEL).fill('a detailed digital painting of a person');
    await page.getByRole('button', { name: 'SUBMIT GUESS 2' }).click();
    await expectText(page, 'Guess 2 of 3');
    await expectText(page, 'Guess the Prompt - Attempt 3 of 3');
    await waitForImage(page);
    pageSources.push(await page.content());
    await screenshot(page, 'game-guessing-attempt-3');

    await page.getByLabel(GUESS_LABEL).fill('something strange in outer space');
    await page.getByRole('button', { name: 'SUBMIT GUESS 3' }).click();

    // Complete
    await expectText(page, 'Challenge Complete!');
    await expectText(page, 'Your Score');
    await expectText(page, /replaces your previous leaderboard entry/);
    const revealed = (await page.getByTestId('revealed-prompt').textContent())!.replace(/[“”]/g, '');
    expect(demoPrompts).toContain(revealed);
    for (const source of pageSources) expect(source).not.toContain(revealed);
    const attempts = (await apiJson(page, '/api/game/attempts')) as {
      attempts: Array<{ finalScore: number | null; guesses: Array<{ score: number }> }>;
    };
    const finished = attempts.attempts[0];
    expect(finished.guesses).toHaveLength(3);
    expect(finished.finalScore).toBe(Math.max(...finished.guesses.map((guess) => guess.score)));
    await expectText(page, `${finished.finalScore!.toFixed(1)}%`);
    expect(await page.locator('li[data-best]').count()).toBe(1);
    await page.getByRole('button', { name: 'NEW CHALLENGE' }).waitFor();
    await waitForImage(page);
    await screenshot(page, 'game-complete');

    // Back to the menu: stats updated
    await page.getByRole('button', { name: 'BACK TO MENU' }).click();
    await homeIsReady(page);
    await expect.poll(() => page.getByTestId('stat-games-played').textContent()).toBe('1');
    await expect.poll(() => page.getByTestId('stat-best-score').textContent()).toBe(`${finished.finalScore!.toFixed(1)}%`);

    // History shows the game
    await page.getByRole('button', { name: 'VIEW PREVIOUS GAMES' }).click();
    await expectText(page, 'Your Previous Games');
    await page.getByTestId('history-entry').first().waitFor();
    expect(await page.getByTestId('history-entry').count()).toBe(1);
    await expectText(page, `“${revealed}”`);
    expect(await page.getByRole('button', { name: 'BACK TO MENU' }).count()).toBe(2);
    await waitForImage(page);
    await screenshot(page, 'game-history');
    await page.getByRole('button', { name: 'BACK TO MENU' }).first().click();
    await homeIsReady(page);

    // The next START's image was downloaded while NEW CHALLENGE or START CHALLENGE showed, before the tap (docs/decisions/023).
    const { next } = (await apiJson(page, '/api/game/next')) as { next: { imageUrl: string } | null };
    expect(next?.imageUrl).toMatch(/^\/api\/images\//);
    await expect.poll(() => requested.includes(`GET ${next!.imageUrl}`)).toBe(true);
    const started = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/game/start');
    await page.getByRole('button', { name: 'START CHALLENGE' }).click();
    expect((await started).status()).toBe(201);
    expect(((await (await started).json()) as { attempt: { imageUrl: string } }).attempt.imageUrl).toBe(next!.imageUrl);
    await expectText(page, 'Guess the Prompt - Attempt 1 of 3');
    await waitForImage(page);
    expect(requested.indexOf(`GET ${next!.imageUrl}`)).toBeLessThan(requested.lastIndexOf('POST /api/game/start'));
    // The image shown is the one downloaded ahead (the composer's thumbnail, alt="", reuses the same file).
    expect(await page.locator(`main img[src="${next!.imageUrl}"]:not([alt=""])`).count()).toBe(1);
  });

  test('dismissing the name dialog creates no game; the empty history says so', async () => {
    const { page } = await newPage();
    await signUpForPlay(page);
    await homeIsReady(page);

    await page.getByRole('button', { name: 'START CHALLENGE' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose Your Display Name' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'START CHALLENGE' }).waitFor();

    expect(await apiJson(page, '/api/game/current')).toEqual({ attempt: null });
    expect(((await apiJson(page, '/api/game/attempts')) as { attempts: unknown[] }).attempts).toHaveLength(0);
    await page.reload();
    await homeIsReady(page);
    expect(await page.getByText(/Guess the Prompt/).count()).toBe(0);

    await page.getByRole('button', { name: 'VIEW PREVIOUS GAMES' }).click();
    await expectText(page, 'No completed games yet');
    await expectText(page, 'Start playing to see your game history here!');
    await screenshot(page, 'game-history-empty');
    await page.getByRole('button', { name: 'BACK TO MENU' }).last().click();
    await homeIsReady(page);
  });

  test('dismissing the name dialog while the name is being saved still creates no game', async () => {
    const { page } = await newPage();
    await signUpForPlay(page);
    await homeIsReady(page);
    const startRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/game/start') startRequests.push(request.method());
    });

    // Hold the PUT back until the dialog has been dismissed.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let putArrived!: () => void;
    const putHeld = new Promise<void>((resolve) => (putArrived = resolve));
    await page.route('**/api/profile', async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      putArrived();
      await released;
      await route.continue();
    });

    await page.getByRole('button', { name: 'START CHALLENGE' }).click();
    const { dialog, nameInput } = await nameDialogWithSuggestion(page);
    await nameInput.fill('Escape Artist');
    await dialog.getByRole('button', { name: 'CONFIRM' }).click();
    await putHeld;
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    const saved = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/profile' && response.request().method() === 'PUT',
    );
    release();
    expect((await saved).status()).toBe(200);
    await untilIdle(page); // a (wrong) start request would have gone out by now
    expect(startRequests).toEqual([]);
    expect(await apiJson(page, '/api/game/current')).toEqual({ attempt: null });
    expect(await page.getByText(/Guess the Prompt/).count()).toBe(0);
    await page.getByRole('button', { name: 'START CHALLENGE' }).waitFor();
  });

  test('a guess lost to a Wi-Fi drop is sent again by itself and counts once', async () => {
    const { page, allowFailure } = await newPage();
    allowFailure('/api/game/attempts/', 'network');
    await signUpForPlay(page);
    await homeIsReady(page);
    expect((await page.request.put('/api/profile', { data: { displayName: 'Wifi Drop' }, headers: { origin: baseUrl() } })).status()).toBe(
      200,
    );
    await page.getByRole('button', { name: 'START CHALLENGE' }).click();
    await expectText(page, 'Guess the Prompt - Attempt 1 of 3');

    let dropped = false;
    await page.route('**/api/game/attempts/*/guesses', (route) => {
      if (dropped) return route.fallback();
      dropped = true;
      return route.abort('internetdisconnected');
    });
    const guess = 'a lighthouse on a cliff at sunset';
    await page.getByLabel(GUESS_LABEL).fill(guess);
    await page.getByRole('button', { name: 'SUBMIT GUESS 1' }).click();
    // The lost send is resent once by itself, with the same idempotency key, as soon as the server answers
    // (docs/decisions/038-nothing-goes-dark.md; the offline message itself is in tests/browser/recovery.browser.test.ts).
    await expectText(page, 'Guess 1 of 3');
    await expectText(page, 'Guess the Prompt - Attempt 2 of 3');
    expect(await page.getByLabel(GUESS_LABEL).inputValue()).toBe('');
    await expectText(page, guess);
  });

  test('entering /play resumes a game started in another tab since the last visit', async () => {
    const { page } = await newPage();
    await signUpForPlay(page);
    await homeIsReady(page);
    const origin = { origin: baseUrl() };
    expect((await page.request.put('/api/profile', { data: { displayName: 'Other Tab' }, headers: origin })).status()).toBe(200);
    // Leave /play inside the app (the cached "no game" stays), start a game elsewhere, come back.
    await page
      .getByRole('link', { name: /leaderboard/i })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Leaderboard' }).waitFor();
    expect((await page.request.post('/api/game/start', { data: {}, headers: origin })).status()).toBe(201);
    await page.getByRole('link', { name: 'Play', exact: true }).click();
    await expectText(page, 'Guess the Prompt - Attempt 1 of 3');
  });

  test('START CHALLENGE while a game started elsewhere is unfinished: "Challenge in progress", then that game opens', async () => {
    const { page, allowFailure } = await newPage();
    allowFailure('/api/game/start', 409);
    await signUpForPlay(page);
    await homeIsReady(page);
    const origin = { origin: baseUrl() };
    expect((await page.request.put('/api/profile', { data: { displayName: 'Second Tab' }, headers: origin })).status()).toBe(200);
    // Another tab starts a game while this one still shows the home view.
    expect((await page.request.post('/api/game/start', { data: {}, headers: origin })).status()).toBe(201);

    await page.getByRole('button', { name: 'START CHALLENGE' }).click();
    await expectText(page, 'Challenge in progress');
    await expectText(page, 'You must complete your current challenge before starting a new one.');
    await expectText(page, 'Guess the Prompt - Attempt 1 of 3');
  });
});

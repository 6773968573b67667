import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { BOOTH_MESSAGE_MAX_LENGTH } from '@contracts/leaderboard.rules';
import { demoPackDir } from '../../scripts/paths';
import { expectAccessible, PHONE_VIEWPORT, screenshot, signIn, useBrowser } from './browser-helpers';
import { demoPromptOf } from './demo-prompts';
import { namedPlayer, startGameOn, switchBooth, useOwnServer } from './own-server';

// The host's screens with ties on them: players who all reach 100 % (a perfect guess ends the game at once), the
// booth and the podium saying what broke each tie, 20-character names and the longest message fitting at 1280×720 as
// at 1920×1080, the booth header on one line, a closed event said on the booth, the phone's rank card explaining the
// tie, the console's players list, and the preview before the board switches between latest and best games. A server
// of its own: the booth and the event are switched here.
const { newPage } = useBrowser();
const ORGANIZER = { email: 'host-screens@example.test', password: 'organizer horse' };
const TV = { width: 1920, height: 1080 };
const SMALL_TV = { width: 1280, height: 720 };
const LAPTOP = { width: 1366, height: 768 };
// 20 characters each (the display name's limit): words, a name of wide capitals with no space to wrap at.
const NAMES = ['Alexandra Konstantin', 'WWWWWWWWWWWWWWWWWWWW', 'Wolfgang Amadeus Moz'];

const server = useOwnServer('gg-host-screens-', ORGANIZER, () => ({ CHALLENGE_PACK: demoPackDir, GAME_URL: 'http://192.168.1.20:3000/' }));

/** Starts a game and guesses `before` wrong guesses, then the exact prompt: the game ends on that 100 % guess. */
async function perfectGame(request: APIRequestContext, before: string[]) {
  const headers = { origin: server.url };
  const attempt = await startGameOn(request, server.url);
  const guesses = [...before, await demoPromptOf(request, server.url, attempt.imageUrl)];
  let last: { attempt: { nextGuessNumber: number | null; finalScore: number | null } } | undefined;
  for (const [index, guess] of guesses.entries()) {
    const response = await request.post(`${server.url}/api/game/attempts/${attempt.id}/guesses`, {
      data: { guess, guessNumber: index + 1 },
      headers,
    });
    expect(response.status()).toBe(200);
    last = await response.json();
  }
  expect(last!.attempt).toMatchObject({ nextGuessNumber: null, finalScore: 100 });
}

/** Every element matched by `selector` shows all of its text: nothing clipped sideways, nothing past `container`. */
async function expectFullyShown(page: Page, selector: string, container: string) {
  const problems = await page.evaluate(
    ([selector, container]) =>
      [...document.querySelectorAll<HTMLElement>(selector)].flatMap((element) => {
        const box = element.getBoundingClientRect();
        const frame = (element.closest(container) as HTMLElement).getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(element);
        const text = range.getBoundingClientRect();
        const inside =
          text.left >= frame.left - 1 && text.right <= frame.right + 1 && text.top >= frame.top - 1 && text.bottom <= frame.bottom + 1;
        const unclipped = element.scrollWidth <= element.clientWidth + 1 && text.left >= box.left - 1 && text.right <= box.right + 1;
        return inside && unclipped
          ? []
          : [
              `${element.textContent}: text ${Math.round(text.left)}–${Math.round(text.right)} in ${Math.round(frame.left)}–${Math.round(frame.right)}`,
            ];
      }),
    [selector, container] as const,
  );
  expect(problems).toEqual([]);
}

/** The booth header is one row: no part of it wraps (a second line starts below the first one's bottom). */
async function expectHeaderOnOneLine(booth: Page) {
  const wrapped = await booth.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('header h1, header [data-testid="booth-counts"] > span, header button')].flatMap(
      (element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
        const top = Math.min(...rects.map((rect) => rect.bottom));
        return rects.some((rect) => rect.top >= top - 1) ? [`${element.textContent} wraps`] : [];
      },
    ),
  );
  expect(wrapped).toEqual([]);
}

describe("the host's screens with ties", () => {
  test('ties explained on booth, podium, phone and console; names and messages fit at 1280×720 and 1920×1080; closed said', async () => {
    const base = server.url;

    // The first player, on a phone: a perfect first guess ends the game at once, on the complete screen.
    const phone = (await newPage({ viewport: PHONE_VIEWPORT })).page;
    await namedPlayer(phone, server.url, NAMES[0], 'host-screens');
    await phone.goto(`${base}/play`);
    await phone.getByRole('button', { name: 'START CHALLENGE' }).click();
    const image = phone.getByRole('img', { name: 'The AI-generated image to guess the prompt of' }).first();
    await image.waitFor({ state: 'attached' });
    const imageUrl = new URL((await image.getAttribute('src'))!, base).pathname;
    await phone.getByLabel('What prompt do you think generated this image?').fill(await demoPromptOf(phone.request, server.url, imageUrl));
    await phone.getByRole('button', { name: 'SUBMIT GUESS 1' }).click();
    await phone.getByText('Challenge Complete!').waitFor();
    expect(await phone.getByRole('button', { name: 'SUBMIT GUESS 2' }).count()).toBe(0);

    // Two more reach 100 %: one on guess 1 (a tie on guesses, broken by thinking time), one on guess 2.
    const others = await Promise.all(NAMES.slice(1).map(async () => (await newPage({ viewport: PHONE_VIEWPORT })).page));
    await namedPlayer(others[0], server.url, NAMES[1], 'host-screens');
    await perfectGame(others[0].request, []);
    await namedPlayer(others[1], server.url, NAMES[2], 'host-screens');
    await perfectGame(others[1].request, ['a photograph']);

    // The phone's rank card says what broke the tie with the player above.
    const players = [phone, ...others];
    const ranks = await Promise.all(
      players.map(async (page) => (await (await page.request.get(`${base}/api/leaderboard/me`)).json()).rank),
    );
    const second = players[ranks.indexOf(2)];
    await second.goto(`${base}/play`);
    await expect
      .poll(() => second.getByTestId('tie-with-above').textContent())
      .toMatch(
        /^#2: same score(, one guess more than #1| and guesses, \d+\.\d s more thinking than #1|, guesses and time: #1 finished first)$/,
      );
    await screenshot(second, 'host-screens-rank-card-390x844');
    await expectAccessible(second, 'rank card with a tie');
    const third = players[ranks.indexOf(3)];
    await third.goto(`${base}/play`);
    await expect.poll(() => third.getByTestId('tie-with-above').textContent()).toMatch(/^#3: same score, one guess more than #2$/);

    // The booth at both sizes: tied rows show guesses and time; the header stays on one line.
    const booth = (await newPage({ viewport: TV })).page;
    await booth.goto(`${base}/booth`);
    await expect.poll(() => booth.getByTestId('booth-row').count()).toBe(3);
    await expect.poll(() => booth.getByTestId('booth-tie-break').count()).toBe(3);
    expect(await booth.getByTestId('booth-tie-break').allTextContents()).toEqual([
      expect.stringMatching(/^1 guess · \d+\.\d s/),
      expect.stringMatching(/^1 guess · \d+\.\d s/),
      expect.stringMatching(/^2 guesses · \d+\.\d s/),
    ]);
    for (const size of [TV, SMALL_TV]) {
      await booth.setViewportSize(size);
      await expectHeaderOnOneLine(booth);
      await expectFullyShown(booth, '[data-testid="booth-tie-break"] [aria-hidden]', '[data-testid="booth-row"]');
      // 20-character names whole beside the tie-break figures (they shrink to fit, never cut).
      await expectFullyShown(booth, '[data-testid="booth-row-name"]', '[data-testid="booth-row"]');
      await screenshot(booth, `host-screens-booth-${size.width}x${size.height}`);
    }
    await expectAccessible(booth, 'booth with ties');

    // The organizer's console: the players list shows what breaks each tie.
    const host = (await newPage({ viewport: LAPTOP })).page;
    await host.goto(`${base}/auth`);
    await signIn(host, ORGANIZER.email, ORGANIZER.password);
    await host.waitForURL((url) => !url.pathname.endsWith('/auth'));
    await host.goto(`${base}/admin/players`);
    await expect.poll(() => host.getByTestId('player-tie-break').filter({ visible: true }).count()).toBe(3);
    expect(await host.getByTestId('player-tie-break').filter({ visible: true }).allTextContents()).toContainEqual(
      expect.stringMatching(/^2 guesses · \d+\.\d s$/),
    );
    await screenshot(host, 'host-screens-players-1366x768');
    await expectAccessible(host, 'players list with ties');

    // Before the board counts best games, the console says how many ranks change; cancelling changes nothing.
    await host.goto(`${base}/admin/event`);
    await host.getByRole('radio', { name: 'best game' }).click();
    const preview = host.getByTestId('board-counts-preview');
    await expect.poll(() => preview.textContent()).toMatch(/^No rank changes: 3 players keep their places\./);
    await screenshot(host, 'host-screens-board-counts-preview-1366x768', { fullPage: false });
    await expectAccessible(host, 'board counts preview');
    await host.getByRole('button', { name: 'Cancel' }).click();
    expect(await host.getByRole('radio', { name: 'latest game (default)' }).isChecked()).toBe(true);

    // The longest message fits its panel at both sizes (it wraps, never runs past the edges).
    const longest = 'Prize draw at 17:00 by the coffee bar: bring your phone and your best guesses!!'.slice(0, BOOTH_MESSAGE_MAX_LENGTH);
    const medium = 'Winners announced at 17:00 at the stand';
    for (const message of [medium, longest]) {
      await host.getByLabel('One-line message').fill(message);
      await switchBooth(host, () => host.getByRole('button', { name: 'Show message' }).click());
      await booth.getByTestId('booth-message').filter({ hasText: message }).waitFor();
      for (const size of [TV, SMALL_TV]) {
        await booth.setViewportSize(size);
        await expectFullyShown(booth, '[data-testid="booth-message"] p', '[data-testid="booth-message"]');
        await screenshot(booth, `host-screens-message-${message.length}-${size.width}x${size.height}`);
      }
    }

    // The podium, all three revealed: every 20-character name whole, with what broke the ties.
    await switchBooth(host, () => host.getByRole('button', { name: 'Podium', exact: true }).click());
    for (const rank of [3, 2, 1]) await switchBooth(host, () => host.getByRole('button', { name: `Reveal #${rank}` }).click());
    await expect.poll(() => booth.locator('[data-testid="podium-place"][data-revealed]').count()).toBe(3);
    expect((await booth.getByTestId('podium-name').allTextContents()).sort()).toEqual([...NAMES].sort());
    expect(await booth.getByTestId('podium-tie-break').count()).toBe(3);
    for (const size of [TV, SMALL_TV]) {
      await booth.setViewportSize(size);
      await expectFullyShown(booth, '[data-testid="podium-name"]', '[data-testid="podium-place"]');
      await screenshot(booth, `host-screens-podium-${size.width}x${size.height}`);
    }
    await expectAccessible(booth, 'podium with 20-character names');

    // The event closes: the booth says so where it said "Scan to play", and shows no code to scan.
    await switchBooth(host, () => host.getByRole('button', { name: 'Live board' }).click());
    await host.getByRole('switch', { name: 'Event open' }).click();
    await booth.getByTestId('booth-closed').waitFor();
    expect(await booth.getByText('Scan to play').count()).toBe(0);
    expect(await booth.getByTestId('booth-qr').count()).toBe(0);
    await screenshot(booth, 'host-screens-booth-closed-1280x720');
    await expectAccessible(booth, 'closed booth');
    await host.getByRole('switch', { name: 'Event open' }).click();
    await booth.getByText('Scan to play').waitFor();
  });
});

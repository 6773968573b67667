import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { demoPackDir } from '../../scripts/paths';
import { expectAccessible, screenshot, signIn, useBrowser } from './browser-helpers';
import { demoPromptOf } from './demo-prompts';
import { namedPlayer, startGameOn, switchBooth, useOwnServer } from './own-server';

// The booth as a host's tool: the organizer switches every open booth screen from the host's Event page (a
// countdown over the live board, a message, the podium revealed place by place), the booth counts who is playing
// now and names players as they start, and a NEW #1 never covers the QR code. A server of its own: switching the
// booth of the shared server would change what other journeys' booths show.
const { newPage } = useBrowser();
const ORGANIZER = { email: 'booth-host@example.test', password: 'organizer horse' };
const TV = { width: 1920, height: 1080 };
const LAPTOP = { width: 1366, height: 768 };

const server = useOwnServer('gg-booth-host-', ORGANIZER, () => ({
  CHALLENGE_PACK: demoPackDir,
  // An address phones could reach, so the booth shows its QR code (not the loopback warning).
  GAME_URL: 'http://192.168.1.20:3000/',
}));

/** Plays the started attempt to the end; the last guess keeps `words` words of the real prompt (all: 100.0 %). */
/**
 * Three guesses, the last one 'exact' (the prompt: 100 %), 'close' (the prompt without its last word: never 100 %,
 * even for the pack's two-word prompts) or 'far'.
 */
async function finishGame(request: APIRequestContext, attempt: { id: string; imageUrl: string }, last: 'exact' | 'close' | 'far') {
  const prompt = await demoPromptOf(request, server.url, attempt.imageUrl);
  const words = prompt.split(' ');
  const lastGuess = last === 'exact' ? prompt : last === 'close' ? words.slice(0, -1).join(' ') : 'a blurry photograph of nothing';
  for (const [index, guess] of ['a picture', 'an image of a scene', lastGuess].entries()) {
    const response = await request.post(`${server.url}/api/game/attempts/${attempt.id}/guesses`, {
      data: { guess, guessNumber: index + 1 },
      headers: { origin: server.url },
    });
    expect(response.status()).toBe(200);
  }
}

/** The QR code is in view and nothing is drawn over its centre or its corners. */
async function expectQrUncovered(booth: Page) {
  const qr = booth.getByTestId('booth-qr');
  const box = await qr.boundingBox();
  expect(box).not.toBeNull();
  const covered = await qr.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const points = [
      [rect.left + rect.width / 2, rect.top + rect.height / 2],
      // The code's own corners (the white box around it has rounded corners, which hit-testing follows).
      [rect.left + rect.width * 0.1, rect.top + rect.height * 0.1],
      [rect.right - rect.width * 0.1, rect.bottom - rect.height * 0.1],
    ];
    return points.flatMap(([x, y]) => {
      const top = document.elementFromPoint(x, y);
      if (top && (element === top || element.contains(top))) return [];
      return [
        `${Math.round(x)},${Math.round(y)}: ${top ? `${top.tagName}.${top.getAttribute('class')} ${top.getAttribute('data-testid') ?? ''}` : 'nothing'}`,
      ];
    });
  });
  expect(covered, 'points of the QR code under something else').toEqual([]);
}

/** Clicks a host control and waits for the server's answer; returns when the PUT came back. */

describe('the booth as a host tool', () => {
  test('1920x1080 booth, 1366x768 host: playing now, starts in the ticker, countdown, message, podium, NEW #1 beside the QR code', async () => {
    const base = server.url;
    // The TV with motion: the takeover and the podium animate in, as at the booth.
    const booth = (await newPage({ viewport: TV, motion: 'full' })).page;
    await booth.goto(`${base}/booth`);
    await booth.getByText('The top spot is up for grabs').waitFor();
    await booth.getByTestId('booth-qr').waitFor();
    expect(await booth.getByTestId('booth-short-url').textContent()).toBe('192.168.1.20:3000');
    expect(await booth.getByTestId('booth-playing-now').textContent()).toBe('0 playing now');
    // Sound is off until someone turns it on at the booth.
    const sound = booth.getByTestId('booth-sound');
    expect(await sound.getAttribute('aria-pressed')).toBe('false');
    await sound.click();
    expect(await sound.getAttribute('aria-pressed')).toBe('true');
    expect(await sound.textContent()).toBe('Sound on');

    // Players start: the booth names them and counts them before anyone finishes.
    const players = await Promise.all(['Ada', 'Ben', 'Cleo'].map(async (name) => ({ name, page: (await newPage()).page })));
    const attempts = [];
    for (const player of players) {
      await namedPlayer(player.page, server.url, player.name, 'booth-host');
      attempts.push(await startGameOn(player.page.request, server.url));
    }
    await expect.poll(() => booth.getByTestId('booth-playing-now').textContent()).toBe('3 playing now');
    const ticker = booth.getByTestId('ticker-item');
    await expect.poll(() => ticker.first().textContent()).toBe('Cleois playing');
    await screenshot(booth, 'booth-host-starts-1920x1080');
    await expectAccessible(booth, 'booth with starts');

    // Ada finishes first: NEW #1, over the board but never over the QR code.
    await finishGame(players[0].page.request, attempts[0], 'close');
    const takeover = booth.getByTestId('new-leader');
    await takeover.filter({ hasText: 'Ada' }).waitFor();
    await expectQrUncovered(booth);
    // Nothing of the board pokes out past the takeover's rounded corners (its heading's first letter did).
    const boardHeading = booth.getByRole('heading', { name: 'Live top 10', includeHidden: true });
    expect(await boardHeading.count()).toBe(1);
    expect(await boardHeading.isVisible()).toBe(false);
    await screenshot(booth, 'booth-host-new-leader-1920x1080');
    await expect.poll(() => booth.getByTestId('booth-playing-now').textContent()).toBe('2 playing now');
    await finishGame(players[1].page.request, attempts[1], 'far');
    await finishGame(players[2].page.request, attempts[2], 'exact');
    await takeover.filter({ hasText: 'Cleo' }).waitFor();
    await expectQrUncovered(booth);
    await takeover.waitFor({ state: 'detached', timeout: 15_000 });

    // The organizer opens the Event page at 1366x768.
    const host = (await newPage({ viewport: LAPTOP })).page;
    await host.goto(`${base}/auth`);
    await signIn(host, ORGANIZER.email, ORGANIZER.password);
    await host.waitForURL((url) => !url.pathname.endsWith('/auth'));
    await host.goto(`${base}/admin/event`);
    const card = host.getByTestId('booth-control');
    await card.getByText('Every open booth screen shows the live board.').waitFor();
    await expectAccessible(host, 'event page with the booth card');
    await screenshot(host, 'booth-host-console-1366x768');

    // A final countdown ten minutes from now: the booth shows it above the board, which stays.
    const inTen = new Date(Date.now() + 10 * 60_000);
    const hhmm = `${String(inTen.getHours()).padStart(2, '0')}:${String(inTen.getMinutes()).padStart(2, '0')}`;
    await host.getByLabel('Final countdown to').fill(hhmm);
    let sent = await switchBooth(host, () => host.getByRole('button', { name: 'Start countdown' }).click());
    await booth.getByTestId('booth-countdown').waitFor();
    const countdownMs = Date.now() - sent;
    expect(await booth.getByTestId('booth-countdown-time').textContent()).toMatch(/^\d\d:\d\d$/);
    expect(await booth.getByTestId('booth-row').count()).toBe(3);
    await expectQrUncovered(booth);
    await screenshot(booth, 'booth-host-countdown-1920x1080');
    await expectAccessible(booth, 'booth countdown');

    // A one-line message.
    await host.getByLabel('One-line message').fill('Prize draw at 17:00');
    sent = await switchBooth(host, () => host.getByRole('button', { name: 'Show message' }).click());
    await booth.getByTestId('booth-message').filter({ hasText: 'Prize draw at 17:00' }).waitFor();
    const messageMs = Date.now() - sent;
    await expectQrUncovered(booth);
    await screenshot(booth, 'booth-host-message-1920x1080');
    await expectAccessible(booth, 'booth message');

    // The podium, revealed third place first.
    await switchBooth(host, () => host.getByRole('button', { name: 'Podium', exact: true }).click());
    const places = booth.locator('[data-testid="podium-place"][data-revealed]');
    await booth.getByTestId('booth-podium').waitFor();
    expect(await places.count()).toBe(0);
    await screenshot(booth, 'booth-host-podium-0-1920x1080');
    for (const [step, rank] of [3, 2, 1].entries()) {
      await switchBooth(host, () => host.getByRole('button', { name: `Reveal #${rank}` }).click());
      await expect.poll(() => places.count()).toBe(step + 1);
      expect(await booth.locator(`[data-testid="podium-place"][data-rank="${rank}"]`).getAttribute('data-revealed')).toBe('true');
    }
    await expect.poll(() => booth.locator('[data-testid="podium-place"][data-rank="1"]').textContent()).toContain('Cleo');
    await expectQrUncovered(booth);
    await screenshot(booth, 'booth-host-podium-1920x1080');
    await expectAccessible(booth, 'booth podium');
    await screenshot(host, 'booth-host-console-podium-1366x768');

    // Back to the live board.
    await switchBooth(host, () => host.getByRole('button', { name: 'Live board' }).click());
    await expect.poll(() => booth.getByTestId('booth-main').getAttribute('data-mode')).toBe('board');
    console.log(`[booth host] countdown reached the open booth ${countdownMs} ms after the console's answer; message ${messageMs} ms`);
  });
});

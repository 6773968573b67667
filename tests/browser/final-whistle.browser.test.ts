import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { demoPackDir } from '../../scripts/paths';
import { expectAccessible, screenshot, signIn, useBrowser } from './browser-helpers';
import { demoPromptOf } from './demo-prompts';
import { namedPlayer, startGameOn, useOwnServer } from './own-server';

// Final means final: the booth's countdown ends with no console action, then a late perfect game. The booths (TV and
// laptop), the podium after all reveals, the public API and the winners' export stay as they were; the late player
// sees their 100 % and "finished after the final whistle". A server of its own (the lock is the whole event's).
const { newPage } = useBrowser();
const ORGANIZER = { email: 'final-whistle@example.test', password: 'organizer horse' };
const TV = { width: 1920, height: 1080 };
const LAPTOP = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 844 };

const server = useOwnServer('gg-final-whistle-', ORGANIZER, () => ({ CHALLENGE_PACK: demoPackDir, GAME_URL: 'http://192.168.1.20:3000/' }));

const headers = () => ({ origin: server.url });

async function guess(request: APIRequestContext, attemptId: string, text: string, guessNumber: number) {
  const response = await request.post(`${server.url}/api/game/attempts/${attemptId}/guesses`, {
    data: { guess: text, guessNumber },
    headers: headers(),
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Every public and prize surface a test can read without a screen: the API board, the champion and the export. */
async function publicRecord(host: Page) {
  const board = await (await host.request.get(`${server.url}/api/leaderboard`)).json();
  const champion = await (await host.request.get(`${server.url}/api/leaderboard/champion`)).json();
  const csv = await host.request.get(`${server.url}/api/admin/winners.csv?top=10`);
  expect(csv.status()).toBe(200);
  return { board, champion, csv: await csv.text() };
}

const boothRows = (booth: Page) => booth.getByTestId('booth-row').allTextContents();

describe('final means final', () => {
  test('countdown ends → a late perfect game → booth (1920x1080, 1280x720), podium, API and export unchanged; the player is told (390x844)', async () => {
    const base = server.url;
    // Three players finish before the whistle: Ada close (the #1), Ben far, Cleo further.
    const early = [];
    for (const name of ['Ada', 'Ben', 'Cleo']) {
      const page = (await newPage()).page;
      await namedPlayer(page, server.url, name, 'final-whistle');
      const attempt = await startGameOn(page.request, server.url);
      const prompt = await demoPromptOf(page.request, server.url, attempt.imageUrl);
      const last = name === 'Ada' ? prompt.split(' ').slice(0, -1).join(' ') : 'a blurry photograph of nothing';
      for (const [index, text] of ['a picture', 'an image of a scene', last].entries())
        await guess(page.request, attempt.id, text, index + 1);
      early.push(name);
    }

    const tv = (await newPage({ viewport: TV })).page;
    const laptop = (await newPage({ viewport: LAPTOP })).page;
    for (const booth of [tv, laptop]) {
      await booth.goto(`${base}/booth`);
      await expect.poll(() => booth.getByTestId('booth-row').count()).toBe(3);
    }

    // The host starts a short countdown, then closes the console: the lock must fall on its own.
    const host = (await newPage({ viewport: LAPTOP })).page;
    await host.goto(`${base}/auth`);
    await signIn(host, ORGANIZER.email, ORGANIZER.password);
    await host.waitForURL((url) => !url.pathname.endsWith('/auth'));
    const end = new Date(Date.now() + 4000).toISOString();
    const countdown = await host.request.put(`${base}/api/admin/booth`, {
      data: { mode: 'countdown', countdownTo: end },
      headers: headers(),
    });
    expect(countdown.status(), await countdown.text()).toBe(200);
    for (const booth of [tv, laptop]) await booth.getByText("Time's up!").waitFor({ timeout: 30_000 });
    for (const booth of [tv, laptop]) await booth.getByTestId('booth-final').waitFor();
    const rowsBefore = await boothRows(tv);
    expect(rowsBefore.join('|')).toContain('Ada');
    const before = await publicRecord(host);
    await screenshot(tv, 'final-whistle-times-up-1920x1080');
    await screenshot(laptop, 'final-whistle-times-up-1280x720');

    // Dan starts after the whistle on his phone: told at once that the game cannot count; his last guess is the prompt.
    const phone = (await newPage({ viewport: PHONE })).page;
    await namedPlayer(phone, server.url, 'Dan', 'final-whistle');
    const late = await startGameOn(phone.request, server.url);
    expect(late.afterFinalWhistle).toBe(true);
    const prompt = await demoPromptOf(phone.request, server.url, late.imageUrl);
    await guess(phone.request, late.id, 'a picture', 1);
    await guess(phone.request, late.id, 'an image of a scene', 2);
    await phone.goto(`${base}/play`);
    await phone.getByTestId('counts-notice').filter({ hasText: 'Results are final' }).waitFor();
    await expectAccessible(phone, 'play screen after the whistle');
    await screenshot(phone, 'final-whistle-playing-390x844');
    await phone.getByPlaceholder('Enter your guess for the AI prompt...').fill(prompt);
    await phone.getByRole('button', { name: /SUBMIT GUESS 3/ }).click();
    await phone.getByRole('heading', { name: 'Challenge Complete!' }).waitFor();
    await expect.poll(() => phone.getByTestId('final-score').textContent()).toBe('100.0%');
    await phone.getByText('finished after the final whistle', { exact: false }).waitFor();
    // Above NEW CHALLENGE: the next game will not count either.
    await phone.getByTestId('results-final-notice').waitFor();
    await expectAccessible(phone, 'complete screen after the whistle');
    await screenshot(phone, 'final-whistle-complete-390x844');

    // Nothing public moved: no NEW #1 on either booth, the same rows, API and export.
    const after = await publicRecord(host);
    expect(after).toEqual(before);
    expect(after.csv).not.toContain('Dan');
    for (const booth of [tv, laptop]) {
      expect(await boothRows(booth)).toEqual(rowsBefore);
      expect(await booth.getByTestId('new-leader').count()).toBe(0);
      expect(await booth.getByTestId('booth-challenge').count()).toBe(0);
      expect(await booth.getByText('Dan', { exact: true }).count()).toBe(0);
    }
    await expectAccessible(tv, 'booth after the whistle');

    // The console says the results are final; the podium after every reveal names the players of before.
    await host.goto(`${base}/admin/event`);
    const card = host.getByTestId('results-lock-card');
    await card.getByText('Results are final', { exact: false }).waitFor();
    await card.getByRole('button', { name: 'Unlock results' }).waitFor();
    await expectAccessible(host, 'event page with the final whistle card');
    await screenshot(host, 'final-whistle-console-1280x720');
    await host.getByRole('button', { name: 'Podium', exact: true }).click();
    for (const rank of [3, 2, 1]) {
      const saved = host.waitForResponse((r) => r.url().endsWith('/api/admin/booth') && r.request().method() === 'PUT');
      await host.getByRole('button', { name: `Reveal #${rank}` }).click();
      expect((await saved).status()).toBe(200);
    }
    for (const booth of [tv, laptop]) {
      await expect.poll(() => booth.locator('[data-testid="podium-place"][data-revealed]').count()).toBe(3);
      expect(await booth.locator('[data-testid="podium-place"][data-rank="1"]').textContent()).toContain('Ada');
      expect(await booth.getByTestId('booth-podium').textContent()).not.toContain('Dan');
    }
    await expectAccessible(tv, 'podium after the whistle');
    await screenshot(tv, 'final-whistle-podium-1920x1080');
    await screenshot(laptop, 'final-whistle-podium-1280x720');

    // Unlocking asks first.
    await card.getByRole('button', { name: 'Unlock results' }).click();
    const dialog = host.getByRole('dialog', { name: 'Unlock the results?' });
    await dialog.waitFor();
    await expectAccessible(host, 'unlock confirmation');
    await screenshot(host, 'final-whistle-unlock-dialog-1280x720');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await publicRecord(host)).board).toEqual(before.board);
    expect(early).toEqual(['Ada', 'Ben', 'Cleo']);
  });
});

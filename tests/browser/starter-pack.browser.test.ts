/**
 * A fresh install with no pack of its own: the starter pack shipped in the repo fills the pool as practice (scored for
 * the player, labelled "Practice", never on the board), and the console says so with "Retire starter pack" behind a
 * confirmation, which keeps the challenges players already got for their history. Its own server (no CHALLENGE_PACK).
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { REMOVE_STARTER_PACK_LABEL, STARTER_PACK_NOTICE } from '../../contracts/admin-challenges.rules';
import { expectAccessible, readLatestMail, screenshot, uniqueBrowserEmail, useBrowser } from './browser-helpers';
import { useOwnServer } from './own-server';

const { newPage } = useBrowser();
const DESKTOP = { width: 1366, height: 768 };
const ORGANIZER = { email: 'starter-organizer@example.test', password: 'organizer horse' };

/** A player plays one starter challenge (through the API): from then on it is part of their history. */
async function playOneChallenge(page: Page, base: string) {
  const email = uniqueBrowserEmail('starter');
  const headers = { origin: base };
  expect(
    (await page.request.post(`${base}/api/auth/sign-up/email`, { data: { email, password: 'correct horse', name: '' }, headers })).status(),
  ).toBe(200);
  await page.goto((await readLatestMail(base, email)).link);
  expect(
    (await page.request.put(`${base}/api/profile`, { data: { displayName: `Starter ${Date.now() % 100000}` }, headers })).status(),
  ).toBe(200);
  const started = await page.request.post(`${base}/api/game/start`, { headers });
  expect(started.status()).toBe(201);
  const { attempt } = await started.json();
  for (const [index, guess] of ['a picture of a place', 'an old photograph', 'a painting of people'].entries()) {
    const response = await page.request.post(`${base}/api/game/attempts/${attempt.id}/guesses`, {
      data: { guess, guessNumber: index + 1 },
      headers,
    });
    expect(response.status()).toBe(200);
  }
}

describe('the starter pack on a fresh install', () => {
  const server = useOwnServer('gg-starter-', ORGANIZER, () => ({ LOG_LEVEL: 'info' }));

  test('390x844: a starter game is scored and labelled Practice, never on the board; 1366x768: the console retires the pack after a confirmation', async () => {
    const base = server.url;
    expect(server.output()).toContain(STARTER_PACK_NOTICE);
    const player = await newPage({ viewport: { width: 390, height: 844 } });
    await playOneChallenge(player.page, base);
    await player.page.goto(`${base}/play`);
    await player.page.getByRole('button', { name: 'VIEW PREVIOUS GAMES' }).click();
    const entry = player.page.getByTestId('history-entry');
    await entry.getByTestId('counts-badge').filter({ hasText: 'Practice' }).waitFor();
    await entry.getByText('Practice: this challenge is from the public starter pack', { exact: false }).waitFor();
    await expectAccessible(player.page, 'practice game in the history');
    await screenshot(player.page, 'starter-pack-practice-history-390x844');
    expect((await (await player.page.request.get(`${base}/api/leaderboard`)).json()).entries).toEqual([]);

    const { page, allowFailure } = await newPage({ viewport: DESKTOP });
    // The challenges table's lazy thumbnails of challenges just removed may still be requested before it refetches.
    allowFailure('/api/images/', 404);
    await page.goto(`${base}/auth`);
    await page.getByLabel(/e-?mail/i).fill(ORGANIZER.email);
    await page.getByLabel(/^password$/i).fill(ORGANIZER.password);
    await page.getByRole('button', { name: 'SIGN IN', exact: true }).click();
    await page.waitForURL('**/admin**');
    await page.goto(`${base}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    const notice = page.getByRole('region', { name: 'Starter pack' });
    await notice.getByText(STARTER_PACK_NOTICE, { exact: true }).waitFor();
    await notice.getByText('24 starter challenges can still be handed out (23 nobody has played yet).', { exact: false }).waitFor();
    await screenshot(page, 'starter-pack-overview-1366x768');

    // The Challenges section shows it too; retiring asks first.
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Challenges', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Challenges' }).waitFor();
    await notice.waitFor();
    await screenshot(page, 'starter-pack-challenges-1366x768');
    await notice.getByRole('button', { name: REMOVE_STARTER_PACK_LABEL }).click();
    const dialog = page.getByRole('dialog', { name: 'Retire the starter pack?' });
    await dialog.getByText('the 1 played one is kept', { exact: false }).waitFor();
    await expectAccessible(page, 'retire confirmation');
    await screenshot(page, 'starter-pack-retire-dialog-1366x768');
    const removed = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/challenges/starter-pack') && r.request().method() === 'DELETE',
    );
    await dialog.getByRole('button', { name: 'RETIRE STARTER PACK' }).click();
    expect(await (await removed).json()).toEqual({ removed: 23, retired: 1 });
    await notice.waitFor({ state: 'detached' });
    await page.getByText('23 challenges removed, 1 played retired.').waitFor();
    const health = await page.request.get(`${base}/api/admin/challenges/health`);
    expect(await health.json()).toMatchObject({ total: 1, starterPack: { total: 1, active: 0, unplayed: 0 } });
    await screenshot(page, 'starter-pack-removed-1366x768');

    // Audited like any console action.
    const audit = await (await page.request.get(`${base}/api/admin/audit`)).json();
    expect(audit.entries.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['challenges.starter_remove', 'challenges.starter_import']),
    );
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Activity', exact: true }).click();
    await page.getByText('Retired the starter pack').filter({ visible: true }).first().waitFor();
  });
});

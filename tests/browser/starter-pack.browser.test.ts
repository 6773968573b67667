/**
 * A fresh install with no pack of its own: the starter pack shipped in the repo fills the pool, and the console says so
 * with a one-click removal that keeps the challenges players already got. Its own server (no CHALLENGE_PACK), at 1366x768.
 */
import { rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { REMOVE_STARTER_PACK_LABEL, STARTER_PACK_NOTICE } from '../../contracts/admin-challenges.rules';
import { createOrganizerWithCli, startServer, type ServerProcess } from '../support/server-process';
import { readLatestMail, screenshot, uniqueBrowserEmail, useBrowser } from './browser-helpers';
import { migratedDataDir } from '../support/data-dir';

const { newPage } = useBrowser();
const DESKTOP = { width: 1366, height: 768 };
const ORGANIZER = { email: 'starter-organizer@example.test', password: 'organizer horse' };

/** A player gets one starter challenge (START CHALLENGE through the API): from then on it is part of their history. */
async function startOneChallenge(page: Page, base: string) {
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
}

describe('the starter pack on a fresh install', () => {
  let server: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = migratedDataDir('gg-starter-');
    createOrganizerWithCli(dataDir, ORGANIZER.email, ORGANIZER.password);
    server = await startServer(
      { DATA_DIR: dataDir, AUTH_RATE_LIMIT: 'false', LOG_LEVEL: 'info', WEB_DIST_DIR: inject('webDistDir') },
      { timeoutMs: 120_000 },
    );
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('1366x768: the console says it was loaded; one click removes the unplayed starter challenges, the one a player got stays', async () => {
    const base = server.url;
    expect(server.output()).toContain(STARTER_PACK_NOTICE);
    const player = await newPage();
    await startOneChallenge(player.page, base);

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
    await notice.getByText('23 starter challenges nobody has played yet.', { exact: false }).waitFor();
    await screenshot(page, 'starter-pack-overview-1366x768');

    // The Challenges section shows it too; the removal is one click.
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Challenges', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Challenges' }).waitFor();
    await notice.waitFor();
    await screenshot(page, 'starter-pack-challenges-1366x768');
    const removed = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/challenges/starter-pack') && r.request().method() === 'DELETE',
    );
    await notice.getByRole('button', { name: REMOVE_STARTER_PACK_LABEL }).click();
    expect(await (await removed).json()).toEqual({ removed: 23, kept: 1 });
    await notice.waitFor({ state: 'detached' });
    await page.getByText('23 challenges removed, 1 played kept.').waitFor();
    const health = await page.request.get(`${base}/api/admin/challenges/health`);
    expect(await health.json()).toMatchObject({ total: 1, unused: 0, starterPack: { total: 1, unplayed: 0 } });
    await screenshot(page, 'starter-pack-removed-1366x768');

    // Audited like any console action.
    const audit = await (await page.request.get(`${base}/api/admin/audit`)).json();
    expect(audit.entries.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['challenges.starter_remove', 'challenges.starter_import']),
    );
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Activity', exact: true }).click();
    await page.getByText('Removed the starter pack').filter({ visible: true }).first().waitFor();
  });
});

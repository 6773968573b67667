import { rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { migratedDataDir } from '../support/data-dir';
import { createOrganizerWithCli, startServer, type ServerProcess } from '../support/server-process';
import { readLatestMail, uniqueBrowserEmail } from './browser-helpers';

/**
 * A server of the file's own (the same web build) for a journey that changes the whole event (the booth, the lock, the
 * pool): a migrated data folder, an organizer made with admin:create before the server holds it, the file's settings
 * (`env`, read when the server starts, so it may name a fake started by an earlier hook). Stopped and removed after the
 * file. What it returns reads the running server.
 */
export function useOwnServer(
  dataDirPrefix: string,
  organizer: { email: string; password: string },
  env: () => Record<string, string>,
): Pick<ServerProcess, 'url' | 'output'> {
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = migratedDataDir(dataDirPrefix);
    createOrganizerWithCli(dataDir, organizer.email, organizer.password);
    server = await startServer(
      { DATA_DIR: dataDir, AUTH_RATE_LIMIT: 'false', WEB_DIST_DIR: inject('webDistDir'), ...env() },
      { timeoutMs: 120_000 },
    );
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    get url() {
      return server!.url;
    },
    output: () => server!.output(),
  };
}

/** A verified, named player signed in inside `page`'s browser context (through the API, as a phone would be). */
export async function namedPlayer(page: Page, base: string, displayName: string, emailLabel: string) {
  const email = uniqueBrowserEmail(emailLabel);
  const response = await page.request.post(`${base}/api/auth/sign-up/email`, {
    data: { email, password: 'correct horse', name: '' },
    headers: { origin: base },
  });
  expect(response.status()).toBe(200);
  await page.request.get((await readLatestMail(base, email)).link);
  expect((await page.request.put(`${base}/api/profile`, { data: { displayName }, headers: { origin: base } })).status()).toBe(200);
}

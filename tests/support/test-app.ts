import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type AppDeps } from '../../server/app';
import { loadEnv } from '../../server/env';
import { createScorer, type Scorer } from '../../server/scoring/scorer';
import { createLocalImageStorage, type ImageStorage } from '../../server/storage/image-storage';
import { expect } from 'vitest';
import { quickPasswordHasher } from './quick-password-hasher';
import { createTestDatabase } from './test-database';

export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestApp {
  app: FastifyInstance;
  database: Awaited<ReturnType<typeof createTestDatabase>>;
  env: ReturnType<typeof loadEnv>;
  /** The real default scorer, loaded once per test worker. */
  scorer: Scorer;
  /** How this app hashes passwords (undefined: better-auth's scrypt); a second instance must hash the same way. */
  passwordHasher: AppDeps['passwordHasher'];
  /** Images on disk in a temporary folder removed by close(). */
  storage: ImageStorage;
  close(): Promise<void>;
}

let workerScorer: Promise<Scorer> | undefined;
/**
 * One real default (MiniLM) scorer per test worker, on a single worker thread: loading the model
 * once keeps test files fast, and one thread per test worker keeps memory and start-up small.
 */
export function sharedScorer(): Promise<Scorer> {
  workerScorer ??= createScorer({ provider: 'minilm', workers: 1 });
  return workerScorer;
}

/**
 * The real app on a fresh database, as a browser on the app's own origin would call it.
 * `beforeReady` may add test-only routes before the app is sealed.
 */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  deps: Partial<Omit<AppDeps, 'env' | 'database'>> = {},
  beforeReady?: (app: FastifyInstance) => void | Promise<void>,
): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'gg-test-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    AUTH_RATE_LIMIT: 'false',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: dataDir,
    // The test process blocks its own event loop (in-process PGlite, many apps in one worker on a busy machine): a
    // guess refused for that would be a flake. Off, not merely high: @fastify/under-pressure counts a sampling window
    // with no sample at all (a starved process) as an infinite delay, past any limit. The tests of that refusal set
    // their own limit.
    EVENT_LOOP_DELAY_LIMIT_MS: '0',
    ...envOverrides,
  });
  const scorer = deps.scorer ?? (await sharedScorer());
  // Accounts are what server/auth/ tests are about: they hash with the app's real scrypt (~90 ms of CPU a hash). Every
  // other test app makes players to play with, and hashes with a quick stand-in unless it asks for another hasher.
  const accountsTest = /[\\/]server[\\/]auth[\\/]/.test(expect.getState().testPath ?? '');
  const passwordHasher = 'passwordHasher' in deps ? deps.passwordHasher : accountsTest ? undefined : quickPasswordHasher;
  const storage = deps.storage ?? createLocalImageStorage(path.join(dataDir, 'images'));
  const app = await buildApp({
    env,
    database,
    authSecret: 'test-secret-test-secret-test-secret-0123',
    logger: process.env.TEST_LOG ? { level: 'error' } : false,
    ...deps,
    passwordHasher,
    scorer,
    storage,
  });
  await beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    env,
    scorer,
    passwordHasher,
    storage,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Cookie header value from a response's set-cookie headers (expired cookies dropped). */
export function cookiesFrom(response: LightMyRequestResponse, previous = ''): string {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((pair) => pair.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
  for (const cookie of response.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
    const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() < Date.now()) || cookie.value === '';
    if (expired) jar.delete(cookie.name);
    else jar.set(cookie.name, cookie.value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** inject() with the headers a same-origin browser sends, optionally signed in. */
export function request(app: FastifyInstance, options: InjectOptions & { cookie?: string; navigation?: boolean }) {
  const { cookie, headers, navigation, ...rest } = options;
  // A top-level navigation (a link from a mail) carries no Origin header.
  const origin = navigation ? {} : { origin: TEST_ORIGIN };
  return app.inject({
    ...rest,
    headers: { ...origin, ...(cookie ? { cookie } : {}), ...headers },
  });
}

export const uniqueEmail = (label = 'player') => `${label}-${randomBytes(5).toString('hex')}@example.test`;

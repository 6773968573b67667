import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { TEST_POW_MAX_NUMBER } from './proof-of-work';
import { quickPasswordHasher } from './quick-password-hasher';
import { createSecondInstance } from './second-instance';
import { createTestApp, TEST_ORIGIN, type TestApp } from './test-app';

export type SecondInstance = Awaited<ReturnType<typeof createSecondInstance>>;

/**
 * For one test file: the app with AUTH_RATE_LIMIT on and a second instance on the same database, both counting on
 * `clock` (the limiter's clock, which the test moves so windows pass without sleeping). `set` receives them before
 * the tests run; both are closed after.
 */
export function useAuthLimitedApps(clock: () => number, set: (apps: { t: TestApp; second: SecondInstance }) => void) {
  let apps: { t: TestApp; second: SecondInstance } | undefined;
  beforeAll(async () => {
    const proofOfWorkMaxNumber = TEST_POW_MAX_NUMBER;
    const t = await createTestApp({ AUTH_RATE_LIMIT: 'true' }, { clock, passwordHasher: quickPasswordHasher, proofOfWorkMaxNumber });
    apps = { t, second: await createSecondInstance(t, { clock, proofOfWorkMaxNumber }) };
    set(apps);
  });
  afterAll(async () => {
    await apps?.second.close();
    await apps?.t.close();
  });
}

/**
 * Wrong passwords for `email`, all from one socket address, each with the headers `forged(i)` a client (or a proxy)
 * adds, until the limiter answers 429 (at most 10 tries): the status of the last answer.
 */
export async function wrongPasswordsFrom(
  app: FastifyInstance,
  email: string,
  remoteAddress: string,
  forged: (i: number) => Record<string, string>,
): Promise<number> {
  let status = 0;
  for (let i = 0; i < 10 && status !== 429; i++) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress,
      headers: { origin: TEST_ORIGIN, ...forged(i) },
      payload: { email, password: 'wrong' },
    });
    status = response.statusCode;
  }
  return status;
}

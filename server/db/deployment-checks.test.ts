/**
 * One trap of a first multi-instance deployment, made loud: instances with different BETTER_AUTH_SECRETs are refused
 * at start-up through a fingerprint kept in the database (the other trap, PUBLIC_URL: server/http/csrf-warnings.app.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSecretFingerprint, checkAuthSecret, DeploymentMismatchError } from './deployment-checks';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

const SECRET_A = 'a'.repeat(16) + 'first-secret-of-this-deployment';
const SECRET_B = 'b'.repeat(16) + 'another-secret-by-mistake-here';

describe('the auth secret fingerprint', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is recorded by the first instance, matched by the next, and a different secret is refused with the fix spelled out', async () => {
    expect(await checkAuthSecret(t.database.db, SECRET_A)).toBe('recorded');
    expect(await checkAuthSecret(t.database.db, SECRET_A)).toBe('matched');
    const refused = checkAuthSecret(t.database.db, SECRET_B);
    await expect(refused).rejects.toBeInstanceOf(DeploymentMismatchError);
    await expect(refused).rejects.toThrow(
      /BETTER_AUTH_SECRET is not the secret this database's other instances use.*Give every instance the same BETTER_AUTH_SECRET.*AUTH_SECRET_ROTATE=true/s,
    );
    // The message never carries the secret itself.
    await expect(refused).rejects.not.toThrow(SECRET_B.slice(0, 20));

    // A deliberate change: recorded, and from then on the old secret is the one refused.
    expect(await checkAuthSecret(t.database.db, SECRET_B, { rotate: true })).toBe('rotated');
    expect(await checkAuthSecret(t.database.db, SECRET_B)).toBe('matched');
    await expect(checkAuthSecret(t.database.db, SECRET_A)).rejects.toBeInstanceOf(DeploymentMismatchError);
  });

  it('is one-way: the same for the same secret, different for another, and not the secret', () => {
    expect(authSecretFingerprint(SECRET_A)).toBe(authSecretFingerprint(SECRET_A));
    expect(authSecretFingerprint(SECRET_A)).not.toBe(authSecretFingerprint(SECRET_B));
    expect(authSecretFingerprint(SECRET_A)).not.toContain('first-secret');
  });
});

/**
 * The hashing queue on its own: fair between lanes, bounded, refusing with a 503 and a Retry-After rather than keeping
 * a call waiting past its deadline, and decoys that hash nothing. The key derivation is a stand-in whose hashes finish
 * when the test says, so the order of service is what is asserted, never a time.
 */
import { describe, expect, it } from 'vitest';
import { authErrorCodes } from '@contracts/auth.rules';
import type { Db } from '../db/client';
import { createPasswordHashing, type HashingCall, type PasswordKdf } from './password-hashing';

/** A key derivation whose every call waits until `finishNext()`; `served` lists the passwords in the order started. */
function heldKdf() {
  const served: string[] = [];
  const pending: Array<() => void> = [];
  const held = <T>(password: string, value: T) =>
    new Promise<T>((resolve) => {
      served.push(password);
      pending.push(() => resolve(value));
    });
  const kdf: PasswordKdf = {
    hash: (password) => held(password, `salt:${password}`),
    verify: ({ hash, password }) => held(password, hash === `salt:${password}`),
  };
  return {
    kdf,
    served,
    started: () => pending.length,
    finishNext: async () => {
      pending.shift()?.();
      // Let the queue start the next one.
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
  };
}

const noDb = {} as Db;
const call = (lane: string, path = '/reset-password'): HashingCall => ({ path, lane });

describe('the password-hashing queue', () => {
  it('serves lanes in turn: one lane with many calls waits behind its own calls, not in front of the others', async () => {
    const kdf = heldKdf();
    const hashing = createPasswordHashing({ secret: 's', db: noDb, kdf: kdf.kdf, concurrency: 1, perLane: 10, deadlineMs: 60_000 });
    const results: Array<Promise<string>> = [];
    // The abuser's lane fills first, then three walk-ups arrive, one call each.
    for (let i = 0; i < 5; i++) results.push(hashing.run(call('venue|abuser'), () => hashing.hasher.hash(`abuser-${i}`)));
    for (const who of ['a', 'b', 'c']) results.push(hashing.run(call(`venue|${who}`), () => hashing.hasher.hash(`walkup-${who}`)));
    while (kdf.started() > 0 || kdf.served.length < 8) await kdf.finishNext();
    await Promise.all(results);
    // The first abuser call was already running; every walk-up is served before the abuser's third.
    expect(kdf.served).toEqual(['abuser-0', 'abuser-1', 'walkup-a', 'walkup-b', 'walkup-c', 'abuser-2', 'abuser-3', 'abuser-4']);
  });

  it('refuses past its bounds with 503 AUTH_BUSY and the seconds to wait, and at its deadline', async () => {
    const kdf = heldKdf();
    const hashing = createPasswordHashing({ secret: 's', db: noDb, kdf: kdf.kdf, concurrency: 1, perLane: 1, deadlineMs: 250 });
    const first = call('venue|x');
    const running = hashing.run(first, () => hashing.hasher.hash('one'));
    const second = call('venue|x');
    const waiting = hashing.run(second, () => hashing.hasher.hash('two'));
    const third = call('venue|x');
    // A lane with a call waiting already: refused at once.
    await expect(hashing.run(third, () => hashing.hasher.hash('three'))).rejects.toMatchObject({
      statusCode: 503,
      body: { code: authErrorCodes.busy },
    });
    expect(third.refusedFor).toBeGreaterThanOrEqual(1);
    // The waiting one is refused when its deadline passes while the first still holds the only slot.
    await expect(waiting).rejects.toMatchObject({ statusCode: 503 });
    expect(second.refusedFor).toBeGreaterThanOrEqual(1);
    await kdf.finishNext();
    expect(await running).toBe('salt:one');
    expect(first.refusedFor).toBeUndefined();
    expect(kdf.served).toEqual(['one']);
    expect(hashing.stats()).toMatchObject({ queued: 0, running: 0, refused: 2 });
  });

  it('seals a sign-up password (no hash), verifies it, and answers a sign-in decoy without hashing once calibrated', async () => {
    const kdf = heldKdf();
    const hashing = createPasswordHashing({ secret: 's', db: noDb, kdf: kdf.kdf, concurrency: 1, deadlineMs: 60_000 });
    const sealed = await hashing.run(call('venue|new', '/sign-up/email'), () => hashing.hasher.hash('secret12'));
    expect(sealed).toMatch(/^pending\$/);
    expect(sealed).not.toContain('secret12');
    // Decoys calibrate on real verifications first (8), then only wait.
    for (let i = 0; i < 8; i++) {
      const verified = hashing.run(call('venue|known', '/sign-in/email'), () => hashing.hasher.verify({ hash: 'salt:pw', password: 'pw' }));
      await kdf.finishNext();
      expect(await verified).toBe(true);
    }
    const before = kdf.served.length;
    expect(
      await hashing.run(call('venue|new', '/sign-in/email'), () => hashing.hasher.verify({ hash: sealed, password: 'secret12' })),
    ).toBe(true);
    expect(await hashing.run(call('venue|new', '/sign-in/email'), () => hashing.hasher.verify({ hash: sealed, password: 'wrong!' }))).toBe(
      false,
    );
    await hashing.run(call('venue|nobody', '/sign-in/email'), () => hashing.hasher.hash('sprayed'));
    expect(kdf.served.length).toBe(before);
    expect(hashing.stats().decoys).toBe(3);
  });
});

import { createHash } from 'node:crypto';
import type { PasswordHasher } from '../../server/auth/auth';

/**
 * Stands in for scrypt (~90 ms of CPU a hash) in test apps whose players are only there to play: tests/support/test-app.ts
 * uses it for every test app outside server/auth/. Everything else (routes, better-auth, limits) stays real. Never for
 * tests about accounts and passwords themselves; those, and every test that starts the real server, hash with scrypt.
 */
export const quickPasswordHasher: PasswordHasher = {
  hash: async (password) => createHash('sha256').update(password).digest('hex'),
  verify: async ({ hash, password }) => createHash('sha256').update(password).digest('hex') === hash,
};

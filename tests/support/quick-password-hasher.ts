import { createHash } from 'node:crypto';
import type { PasswordHasher } from '../../server/auth/auth';

/**
 * Stands in for scrypt in tests that create dozens or hundreds of accounts, where hashing is all the time goes to.
 * Everything else (routes, better-auth, limits) stays real. Never for tests about passwords themselves.
 */
export const quickPasswordHasher: PasswordHasher = {
  hash: async (password) => createHash('sha256').update(password).digest('hex'),
  verify: async ({ hash, password }) => createHash('sha256').update(password).digest('hex') === hash,
};

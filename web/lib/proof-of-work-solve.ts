// The proof-of-work search the browser runs in its worker (proof-of-work.worker.ts), kept apart from the worker so
// `npm run bench:proof-of-work` times the very same code: SHA-256 of salt + n for n = 0, 1, … until it matches. A pure
// JavaScript SHA-256 (@noble/hashes), not crypto.subtle: a booth served over http on a LAN address is not a secure
// context, where crypto.subtle does not exist; one synchronous hash is also faster than an awaited digest.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** The number whose hash is `challenge`, or null when none up to `max` is. */
export function searchProofOfWork(challenge: string, salt: string, max: number): number | null {
  for (let number = 0; number <= max; number++) {
    if (bytesToHex(sha256(utf8ToBytes(salt + number))) === challenge) return number;
  }
  return null;
}

/**
 * A self-hosted proof of work (altcha), asked for only while an address is over an auth ceiling
 * (docs/decisions/032): a browser behind a busy venue NAT solves one in the background and passes the ceiling; a
 * script flooding from that address pays CPU for every call. Challenges are signed (HMAC of the auth secret), expire,
 * and are spent once: the spent ones are kept in the database, so no instance accepts a solution twice.
 */
import { createHmac } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib';
import type { ProofOfWorkChallenge } from '@contracts/auth.rules';
import type { LimitStore } from '../limits/limits.store';

/**
 * The secret number is drawn from [0, POW_MAX_NUMBER]: a solver tries on average half of them (SHA-256 each). Set so
 * that one solve costs a script at least 10× the server CPU of the call it buys, while Chromium slowed 4× (a
 * mid-range phone) solves even the worst challenge in under 2 s: docs/decisions/054, `npm run bench:proof-of-work`.
 */
export const POW_MAX_NUMBER = 650_000;
/** A challenge must be solved and used within this long. */
export const POW_CHALLENGE_TTL_MS = 5 * 60_000;

export interface ProofOfWork {
  challenge(): Promise<ProofOfWorkChallenge>;
  /** True when `header` is a solution of one of our unexpired challenges, used now for the first time. */
  redeem(header: string | undefined): Promise<boolean>;
}

export function createProofOfWork(store: LimitStore, secret: string, options: { maxNumber?: number } = {}): ProofOfWork {
  // Its own key, derived from the auth secret: a signature here is worth nothing anywhere else.
  const hmacKey = createHmac('sha256', secret).update('proof-of-work').digest('hex');
  return {
    async challenge() {
      const { algorithm, challenge, maxnumber, salt, signature } = await createChallenge({
        hmacKey,
        maxnumber: options.maxNumber ?? POW_MAX_NUMBER,
        expires: new Date(Date.now() + POW_CHALLENGE_TTL_MS),
      });
      return { algorithm, challenge, maxnumber, salt, signature };
    },

    async redeem(header) {
      if (!header || header.length > 2_000) return false;
      let payload: { algorithm?: unknown; challenge?: unknown; number?: unknown; salt?: unknown; signature?: unknown };
      try {
        payload = JSON.parse(Buffer.from(header, 'base64').toString('utf8'));
      } catch {
        return false;
      }
      if (
        payload?.algorithm !== 'SHA-256' ||
        typeof payload.challenge !== 'string' ||
        typeof payload.number !== 'number' ||
        typeof payload.salt !== 'string' ||
        typeof payload.signature !== 'string'
      ) {
        return false;
      }
      const solution = {
        algorithm: 'SHA-256' as const,
        challenge: payload.challenge,
        number: payload.number,
        salt: payload.salt,
        signature: payload.signature,
      };
      if (!(await verifySolution(solution, hmacKey, true).catch(() => false))) return false;
      // Salts without an expiry were not made here (createChallenge above always sets one).
      const expires = Number(extractParams(solution).expires) * 1000;
      if (!Number.isFinite(expires)) return false;
      return store.claimOnce(`pow-spent:${solution.signature}`, expires);
    },
  };
}

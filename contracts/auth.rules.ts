// Auth's limits as the web app sees them: plain values with no zod, so the sign-in page can import them.
import type { ErrorCode } from './errors.rules';

/** The shortest password an account may have: sign-up, reset, the sign-up form and `npm run admin:create`. */
export const MIN_PASSWORD_LENGTH = 6;

/** Error codes our limits on /api/auth/* send (with the one apiErrorSchema body). */
export const authErrorCodes = {
  rateLimited: 'RATE_LIMITED',
  /** The address is over its ceiling: the call passes with a solved proof of work (the body carries a challenge). */
  proofOfWorkRequired: 'PROOF_OF_WORK_REQUIRED',
  /** 503: no password could be hashed in time (a flood); the call is sent again after Retry-After, as it was. */
  busy: 'AUTH_BUSY',
} as const satisfies Record<string, ErrorCode>;

/** Request header carrying a solved proof of work: base64 of altcha's JSON payload. */
export const PROOF_OF_WORK_HEADER = 'x-gg-proof';

/** GET: whether this address is under pressure, with a challenge to solve ahead when it is. */
export const PROOF_OF_WORK_PATH = '/api/proof-of-work';

/** An altcha challenge (altcha-lib's createChallenge). */
export interface ProofOfWorkChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

/** GET PROOF_OF_WORK_PATH, and the `challenge` of a PROOF_OF_WORK_REQUIRED refusal. */
export interface ProofOfWorkStatus {
  required: boolean;
  challenge: ProofOfWorkChallenge | null;
}

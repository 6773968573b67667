import { createHash } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { authErrorCodes, PROOF_OF_WORK_HEADER, type ProofOfWorkChallenge } from '../../contracts/auth.rules';
import { POW_MAX_NUMBER } from '../../server/auth/auth-proof-of-work';
import { TEST_ORIGIN } from './test-app';

/**
 * The proof-of-work range test apps ask for: a tenth of production's. The tests prove the flow (who is asked, a solve
 * accepted once, a replay refused, the page's check and its message), not the solve's cost, which bench:proof-of-work
 * measures at the real range. At the real one the funnel journey's solves were most of its ~390 CPU-s, and the API
 * funnel test's 50 walk-ups ~7 CPU-s of its two runs.
 */
export const TEST_POW_MAX_NUMBER = POW_MAX_NUMBER / 10;

/** Solves an altcha challenge as a browser does (SHA-256 of salt + n, counting up) and returns the header value. */
export function solveProofOfWork(challenge: ProofOfWorkChallenge): string {
  const max = challenge.maxnumber ?? 1_000_000;
  for (let number = 0; number <= max; number++) {
    if (
      createHash('sha256')
        .update(challenge.salt + number)
        .digest('hex') === challenge.challenge
    ) {
      const { algorithm, salt, signature } = challenge;
      return Buffer.from(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature })).toString('base64');
    }
  }
  throw new Error('no solution in range');
}

/**
 * A browser's auth POST from `from`: when refused with PROOF_OF_WORK_REQUIRED it solves the challenge it was given and
 * sends the call again once, as the web client does. `solved` counts the challenges solved.
 */
export async function postAsBrowser(
  app: FastifyInstance,
  url: string,
  payload: object,
  { from, cookie, stats }: { from: string; cookie?: string; stats?: { solved: number } },
): Promise<LightMyRequestResponse> {
  const send = (proof?: string) =>
    app.inject({
      method: 'POST',
      url,
      remoteAddress: from,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...(proof ? { [PROOF_OF_WORK_HEADER]: proof } : {}) },
      payload,
    });
  const first = await send();
  if (first.statusCode !== 429 || first.json().code !== authErrorCodes.proofOfWorkRequired) return first;
  if (stats) stats.solved++;
  return send(solveProofOfWork(first.json().challenge));
}

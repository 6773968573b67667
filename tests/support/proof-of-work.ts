import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { authErrorCodes, PROOF_OF_WORK_HEADER, type ProofOfWorkChallenge } from '../../contracts/auth.rules';
import { POW_MAX_NUMBER } from '../../server/auth/auth-proof-of-work';
import { searchProofOfWork } from '../../web/lib/proof-of-work-solve';
import { TEST_ORIGIN } from './test-app';

/**
 * The proof-of-work range test apps ask for: a tenth of production's. The tests prove the flow (who is asked, a solve
 * accepted once, a replay refused, the page's check and its message), not the solve's cost, which bench:proof-of-work
 * measures at the real range. At the real one the funnel journey's solves were most of its CPU.
 */
export const TEST_POW_MAX_NUMBER = POW_MAX_NUMBER / 10;

/** Solves an altcha challenge with the browser's own search (SHA-256 of salt + n, counting up): the header value. */
export function solveProofOfWork(challenge: ProofOfWorkChallenge): string {
  const number = searchProofOfWork(challenge.challenge, challenge.salt, challenge.maxnumber ?? 1_000_000);
  if (number === null) throw new Error('no solution in range');
  const { algorithm, salt, signature } = challenge;
  return Buffer.from(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature })).toString('base64');
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

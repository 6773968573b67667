/**
 * What a limit answers, and the route hooks that apply the common ones. Every limit refuses the same way: 429
 * RATE_LIMITED with the wait in Retry-After, so phones back off the same way whatever they hit.
 */
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/http-error';
import { RATE_LIMITED_CODE, waitPhrase, windowRules, YOUNG_ACCOUNT_MS } from './limits.rules';
import type { LimitStore, WindowRule } from './limits.store';

/** The refusal of every limit: `message` for the player, and when to come back. */
export function rateLimitedError(message: string, retryAfterSeconds: number, headers: Record<string, string> = {}) {
  return new HttpError(429, RATE_LIMITED_CODE, message, { 'retry-after': String(retryAfterSeconds), ...headers });
}

/**
 * A preHandler limiting one signed-in player, counted in the database so every instance shares the budget. Keyed by
 * user id: players behind one booth network do not share it. Runs after requireUser has found the session.
 */
export function perPlayerRateLimit(limits: LimitStore, rule: WindowRule, message: string) {
  return async (request: FastifyRequest) => {
    const userId = request.session!.user.id;
    const verdict = await limits.hit([{ rule, on: userId, subject: userId }]);
    if (!verdict.allowed) throw rateLimitedError(message, verdict.retryAfterSeconds);
  };
}

/**
 * Starts by young accounts count against a per-address ceiling sized for a venue NAT (docs/decisions/028): a script
 * making throwaway accounts to drain the pool hits it; walk-ups behind one address do not.
 */
export function youngAccountStartCeiling(limits: LimitStore) {
  return async (request: FastifyRequest) => {
    const createdAt = new Date(request.session!.user.createdAt).getTime();
    if (!(limits.clock() - createdAt < YOUNG_ACCOUNT_MS)) return;
    const verdict = await limits.hit([{ rule: windowRules.startYoungPerAddress, on: request.ip }]);
    if (!verdict.allowed) {
      throw rateLimitedError(
        `So many new players are starting from this network right now. Please try again in ${waitPhrase(verdict.retryAfterSeconds)}.`,
        verdict.retryAfterSeconds,
      );
    }
  };
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@contracts/errors';
import {
  attemptIdParamsSchema,
  attemptListResponseSchema,
  currentAttemptResponseSchema,
  guessInputSchema,
  guessResponseSchema,
  nextChallengeResponseSchema,
  startResponseSchema,
  statsSchema,
} from '@contracts/game';
import { HttpError, errorResponses } from '../http/http-error';
import { waitPhrase, windowRules, YOUNG_ACCOUNT_MS } from '../limits/limits.rules';
import type { LimitStore, WindowRule } from '../limits/limits.store';
import type { Metrics } from '../metrics/metrics';
import type { ImageStorage } from '../storage/image-storage';
import { gameErrors } from './game.errors';
import type { GameService } from './game.service';

/** Starts per player per hour: each start claims a prompt for good (when reuse is off), so one account must not drain the pool. */
export const START_RATE_LIMIT = windowRules.startPerPlayer;

/**
 * A preHandler limiting one signed-in player, counted in the database so every instance shares the budget. Keyed by
 * user id: players behind one booth network do not share it. Runs after requireUser has found the session.
 */
export function perPlayerRateLimit(limits: LimitStore, rule: WindowRule, message: string) {
  return async (request: FastifyRequest) => {
    const userId = request.session!.user.id;
    const verdict = await limits.hit([{ rule, on: userId, subject: userId }]);
    if (!verdict.allowed) throw gameErrors.rateLimited(message, verdict.retryAfterSeconds);
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
      throw gameErrors.rateLimited(
        `So many new players are starting from this network right now. Please try again in ${waitPhrase(verdict.retryAfterSeconds)}.`,
        verdict.retryAfterSeconds,
      );
    }
  };
}

/**
 * At most `limit` guesses in progress on this instance at once. Past saturation (the scorer, the session look-up and,
 * on PGlite, the database thread share two cores) an unbounded pile of waiting guesses
 * would make every one wait seconds; a guess over the limit is refused at once with 503 + Retry-After instead and
 * changes nothing, so the phone can send it again. Counted from the first hook, so the session look-up is inside.
 */
export function guessAdmission(limit: number) {
  let inFlight = 0;
  const admitted = new WeakSet<FastifyRequest>();
  const release = async (request: FastifyRequest) => {
    if (admitted.delete(request)) inFlight--;
  };
  return {
    admit: async (request: FastifyRequest) => {
      if (inFlight >= limit) throw gameErrors.scorerBusy(1);
      inFlight++;
      admitted.add(request);
    },
    release,
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Called instead of the route when the event loop is under pressure (@fastify/under-pressure, registered in app.ts). */
    pressureHandler?: (request: FastifyRequest, reply: FastifyReply, type?: string, value?: number) => void;
  }
}

const errors = errorResponses(400, 401, 403, 404, 409, 429);

type GuessMetrics = Pick<Metrics, 'guessSeconds' | 'guessesScored' | 'guessesRefused'>;

/**
 * Counts every answered guess (scored, or refused with the code the player got) and times it from arrival to answer,
 * refusals before the handler included (event-loop pressure, the in-flight cap, the rate limit).
 */
function guessObserver(metrics: GuessMetrics | undefined) {
  const refusals = new WeakMap<FastifyRequest, string>();
  return {
    onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (metrics && reply.statusCode !== 200 && typeof payload === 'string') {
        const code = /"code":"([A-Z_]{1,40})"/.exec(payload)?.[1];
        refusals.set(request, code ?? `HTTP_${reply.statusCode}`);
      }
      return payload;
    },
    onResponse: async (request: FastifyRequest, reply: FastifyReply) => {
      if (!metrics) return;
      const scored = reply.statusCode === 200;
      metrics.guessSeconds.observe({ outcome: scored ? 'scored' : 'refused' }, reply.elapsedTime / 1000);
      if (scored) metrics.guessesScored.inc();
      else metrics.guessesRefused.inc({ reason: refusals.get(request) ?? `HTTP_${reply.statusCode}` });
    },
  };
}

export async function gameRoutes(
  base: FastifyInstance,
  {
    game,
    storage,
    limits,
    guessesInFlightLimit = 32,
    metrics,
  }: { game: GameService; storage: ImageStorage; limits: LimitStore; guessesInFlightLimit?: number; metrics?: GuessMetrics },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const admission = guessAdmission(guessesInFlightLimit);
  const observed = guessObserver(metrics);
  const requireUser = app.guards.requireUser;
  const userId = (request: FastifyRequest) => request.session!.user.id;

  app.get(
    '/api/game/current',
    { onRequest: requireUser, schema: { response: { 200: currentAttemptResponseSchema, ...errors } } },
    async (request) => ({
      attempt: await game.currentAttempt(userId(request)),
    }),
  );

  // The image the next START will show, chosen ahead and kept until then (docs/decisions/023): the phone downloads it early.
  app.get(
    '/api/game/next',
    { onRequest: requireUser, schema: { response: { 200: nextChallengeResponseSchema, ...errors } } },
    async (request) => ({
      next: await game.nextChallenge(userId(request)),
    }),
  );

  app.post(
    '/api/game/start',
    {
      onRequest: requireUser,
      preHandler: [
        perPlayerRateLimit(
          limits,
          START_RATE_LIMIT,
          'Too many new challenges in a short time. Finish the ones you have and try again later.',
        ),
        youngAccountStartCeiling(limits),
      ],
      schema: { response: { 201: startResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const attempt = await game.startAttempt(userId(request));
      return reply.status(201).send({ attempt });
    },
  );

  app.post(
    '/api/game/attempts/:attemptId/guesses',
    {
      // Past saturation of the event loop itself (the embedded database shares it), a guess is refused before the
      // in-flight cap, the session look-up or anything else costs time: requests read late would otherwise wait seconds.
      // Infinity is under-pressure's "no sample in the last window" (a busy machine can starve its 10 ms probe timer for
      // one 200 ms window), not a measured delay: such a guess carries on.
      config: {
        pressureHandler: async (_request, _reply, _type, value) => {
          if (Number.isFinite(value)) throw gameErrors.scorerBusy(1);
        },
      },
      // No access log line per guess at the default level (pino writes synchronously to stdout, up to hundreds of
      // times a second here); failures are still logged (warn and above).
      logLevel: 'warn',
      onRequest: [admission.admit, app.guards.requireUserCached],
      onSend: observed.onSend,
      onResponse: [admission.release, observed.onResponse],
      onRequestAbort: admission.release,
      schema: {
        params: attemptIdParamsSchema,
        body: guessInputSchema,
        response: { 200: guessResponseSchema, ...errors, 503: apiErrorSchema },
      },
    },
    async (request) =>
      game.submitGuess(
        userId(request),
        request.params.attemptId,
        request.body.guess,
        request.body.guessNumber,
        request.body.idempotencyKey,
      ),
  );

  app.get(
    '/api/game/attempts',
    { onRequest: requireUser, schema: { response: { 200: attemptListResponseSchema, ...errors } } },
    async (request) => ({
      attempts: await game.recentAttempts(userId(request)),
    }),
  );

  app.get('/api/game/stats', { onRequest: requireUser, schema: { response: { 200: statsSchema, ...errors } } }, async (request) =>
    game.stats(userId(request)),
  );

  // Public: the key is random and says nothing about the prompt; the bytes never change, so cache for a year.
  app.get('/api/images/:key', { schema: { params: z.object({ key: z.string().max(100) }) } }, async (request, reply) => {
    const image = await storage.get(request.params.key);
    if (!image) throw new HttpError(404, 'IMAGE_NOT_FOUND', 'Image not found');
    return reply.header('content-type', image.contentType).header('cache-control', 'public, max-age=31536000, immutable').send(image.bytes);
  });
}

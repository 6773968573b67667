import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
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
import { perPlayerRateLimit, youngAccountStartCeiling } from '../limits/limit-hooks';
import { windowRules } from '../limits/limits.rules';
import type { LimitStore } from '../limits/limits.store';
import type { Metrics } from '../metrics/metrics';
import { outcomeObserver } from '../metrics/outcome-observer';
import type { ImageStorage } from '../storage/image-storage';
import { gameErrors } from './game.errors';
import type { GameService } from './game.service';

/** Starts per player per hour: each start claims a prompt for good (when reuse is off), so one account must not drain the pool. */
export const START_RATE_LIMIT = windowRules.startPerPlayer;

/**
 * At most `limit` guesses in progress on this instance at once. Past saturation (the scorer, the session look-up and,
 * on PGlite, the database thread share two cores) an unbounded pile of waiting guesses
 * would make every one wait seconds; a guess over the limit is refused at once with 503 + Retry-After instead and
 * changes nothing, so the phone can send it again. Counted from the first hook, so the session look-up is inside.
 */
export function guessAdmission(limit: number) {
  let inFlight = 0;
  return {
    admit: async (_request: FastifyRequest, reply: FastifyReply) => {
      if (inFlight >= limit) throw gameErrors.scorerBusy(1);
      inFlight++;
      // Released when the response is done or its connection closes, whatever any hook after this one does (a hook
      // that throws skips the hooks after it, which once left a guess counted for good).
      reply.raw.once('close', () => inFlight--);
    },
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
  const observed = outcomeObserver(
    metrics && { seconds: metrics.guessSeconds, succeeded: metrics.guessesScored, refused: metrics.guessesRefused },
  );
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

  guessRoute(app, game, [admission.admit, app.guards.requireUserCached], observed);

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

/**
 * The guess: refused before any work when the event loop lags or too many are in flight (`onRequest` admits it and
 * finds the session), counted and timed whatever its answer (`observed`), then scored and stored by the game service.
 */
function guessRoute(
  base: FastifyInstance,
  game: GameService,
  onRequest: onRequestHookHandler[],
  observed: ReturnType<typeof outcomeObserver>,
) {
  const app = base.withTypeProvider<ZodTypeProvider>();
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
      onRequest,
      onError: observed.onError,
      onResponse: observed.onResponse,
      schema: {
        params: attemptIdParamsSchema,
        body: guessInputSchema,
        response: { 200: guessResponseSchema, ...errors, 503: apiErrorSchema },
      },
    },
    async (request) =>
      game.submitGuess(
        request.session!.user.id,
        request.params.attemptId,
        request.body.guess,
        request.body.guessNumber,
        request.body.idempotencyKey,
      ),
  );
}

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
import { RATE_LIMITED_CODE, windowRules } from '../limits/limits.rules';
import type { LimitStore, WindowRule } from '../limits/limits.store';
import { ScoringBusyError, ScoringUnavailableError } from '../scoring/embedding-pool';
import type { ImageStorage } from '../storage/image-storage';
import { gameErrors } from './game.errors';
import type { GameService } from './game.service';

/** Guesses per player per minute: real play needs 3 per game; this only stops scripted hammering of the scorer. */
export const GUESS_RATE_LIMIT = windowRules.guessPerPlayer;
/** Starts per player per hour: each start claims a prompt for good (when reuse is off), so one account must not drain the pool. */
export const START_RATE_LIMIT = windowRules.startPerPlayer;

/**
 * A preHandler limiting one signed-in player, counted in the database so every instance shares the budget. Keyed by
 * user id: players behind one booth network do not share it. Runs after requireUser has found the session.
 */
export function perPlayerRateLimit(limits: LimitStore, rule: WindowRule, message: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const userId = request.session!.user.id;
    const verdict = await limits.hit([{ rule, on: userId, subject: userId }]);
    if (!verdict.allowed) {
      return reply.status(429).header('retry-after', String(verdict.retryAfterSeconds)).send({ code: RATE_LIMITED_CODE, message });
    }
  };
}

/** 503 SCORER_BUSY with Retry-After: the guess was not stored and the phone may send it again. */
function sendBusy(reply: FastifyReply, retryAfterSeconds: number) {
  // Sent here: the app's error handler hides every 5xx behind a generic message.
  const busy = gameErrors.scorerBusy();
  return reply.status(busy.statusCode).header('retry-after', String(retryAfterSeconds)).send({ code: busy.code, message: busy.message });
}

/**
 * At most `limit` guesses in progress on this instance at once. Past saturation (on PGlite the database shares the
 * event loop; on any database the scorer and the session look-up cost CPU) an unbounded pile of waiting guesses
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
    admit: async (request: FastifyRequest, reply: FastifyReply) => {
      if (inFlight >= limit) return sendBusy(reply, 1);
      inFlight++;
      admitted.add(request);
    },
    release,
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Called instead of the route when the event loop is under pressure (@fastify/under-pressure, registered in app.ts). */
    pressureHandler?: (request: FastifyRequest, reply: FastifyReply) => void;
  }
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

export async function gameRoutes(
  base: FastifyInstance,
  { game, storage, limits, guessesInFlightLimit = 32 }: { game: GameService; storage: ImageStorage; limits: LimitStore; guessesInFlightLimit?: number },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const admission = guessAdmission(guessesInFlightLimit);
  const requireUser = app.guards.requireUser;
  const userId = (request: FastifyRequest) => request.session!.user.id;

  app.get('/api/game/current', { onRequest: requireUser, schema: { response: { 200: currentAttemptResponseSchema, ...errors } } }, async (request) => ({
    attempt: await game.currentAttempt(userId(request)),
  }));

  // The image the next START will show, chosen ahead and kept until then (docs/decisions/023): the phone downloads it early.
  app.get('/api/game/next', { onRequest: requireUser, schema: { response: { 200: nextChallengeResponseSchema, ...errors } } }, async (request) => ({
    next: await game.nextChallenge(userId(request)),
  }));

  app.post(
    '/api/game/start',
    {
      onRequest: requireUser,
      preHandler: perPlayerRateLimit(limits, START_RATE_LIMIT, 'Too many new challenges in a short time. Finish the ones you have and try again later.'),
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
      config: { pressureHandler: (_request, reply) => void sendBusy(reply, 1) },
      onRequest: [admission.admit, requireUser],
      onResponse: admission.release,
      onRequestAbort: admission.release,
      preHandler: perPlayerRateLimit(limits, GUESS_RATE_LIMIT, 'Too many guesses in a short time. Take a breath and try again in a minute.'),
      schema: { params: attemptIdParamsSchema, body: guessInputSchema, response: { 200: guessResponseSchema, ...errors, 503: apiErrorSchema } },
    },
    async (request, reply) => {
      try {
        return await game.submitGuess(userId(request), request.params.attemptId, request.body.guess, request.body.guessNumber);
      } catch (error) {
        // Past saturation the scorer refuses instead of queueing for seconds; the guess was not stored.
        if (error instanceof ScoringBusyError || error instanceof ScoringUnavailableError) {
          return sendBusy(reply, error instanceof ScoringBusyError ? error.retryAfterSeconds : 2);
        }
        throw error;
      }
    },
  );

  app.get('/api/game/attempts', { onRequest: requireUser, schema: { response: { 200: attemptListResponseSchema, ...errors } } }, async (request) => ({
    attempts: await game.recentAttempts(userId(request)),
  }));

  app.get('/api/game/stats', { onRequest: requireUser, schema: { response: { 200: statsSchema, ...errors } } }, async (request) => game.stats(userId(request)));

  // Public: the key is random and says nothing about the prompt; the bytes never change, so cache for a year.
  app.get('/api/images/:key', { schema: { params: z.object({ key: z.string().max(100) }) } }, async (request, reply) => {
    const image = await storage.get(request.params.key);
    if (!image) return reply.status(404).send({ code: 'IMAGE_NOT_FOUND', message: 'Image not found' });
    return reply
      .header('content-type', image.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(image.bytes);
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@contracts/errors';
import {
  attemptIdParamsSchema,
  attemptListResponseSchema,
  currentAttemptResponseSchema,
  guessInputSchema,
  guessResponseSchema,
  startResponseSchema,
  statsSchema,
} from '@contracts/game';
import type { ImageStorage } from '../storage/image-storage';
import type { GameService } from './game.service';

/** Guesses per player per minute: real play needs 3 per game; this only stops scripted hammering of the scorer. */
export const GUESS_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

export async function gameRoutes(base: FastifyInstance, { game, storage }: { game: GameService; storage: ImageStorage }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const requireUser = app.guards.requireUser;
  const userId = (request: FastifyRequest) => request.session!.user.id;

  app.get('/api/game/current', { onRequest: requireUser, schema: { response: { 200: currentAttemptResponseSchema, ...errors } } }, async (request) => ({
    attempt: await game.currentAttempt(userId(request)),
  }));

  app.post('/api/game/start', { onRequest: requireUser, schema: { response: { 201: startResponseSchema, ...errors } } }, async (request, reply) => {
    const attempt = await game.startAttempt(userId(request));
    return reply.status(201).send({ attempt });
  });

  app.post(
    '/api/game/attempts/:attemptId/guesses',
    {
      onRequest: requireUser,
      config: {
        rateLimit: {
          ...GUESS_RATE_LIMIT,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `guess:${request.session?.user.id ?? request.ip}`,
          errorResponseBuilder: () =>
            Object.assign(new Error('Too many guesses in a short time. Take a breath and try again in a minute.'), { statusCode: 429, code: 'RATE_LIMITED' }),
        },
      },
      schema: { params: attemptIdParamsSchema, body: guessInputSchema, response: { 200: guessResponseSchema, ...errors } },
    },
    async (request) => game.submitGuess(userId(request), request.params.attemptId, request.body.guess, request.body.guessNumber),
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

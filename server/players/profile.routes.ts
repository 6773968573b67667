import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../http/http-error';
import { generatedNameSchema, profileInputSchema, profileSchema } from '@contracts/game';
import type { ProfileService } from './profile.service';

const errors = errorResponses(400, 401);

export async function profileRoutes(base: FastifyInstance, { profiles }: { profiles: ProfileService }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const requireUser = app.guards.requireUser;
  const userId = (request: FastifyRequest) => request.session!.user.id;

  app.get('/api/profile', { onRequest: requireUser, schema: { response: { 200: profileSchema, ...errors } } }, async (request) =>
    profiles.getProfile(userId(request)),
  );

  app.put(
    '/api/profile',
    { onRequest: requireUser, schema: { body: profileInputSchema, response: { 200: profileSchema, ...errors } } },
    async (request) => profiles.saveProfile(userId(request), request.body),
  );

  app.post(
    '/api/profile/generate-name',
    { onRequest: requireUser, schema: { response: { 200: generatedNameSchema, ...errors } } },
    async (request) => ({
      displayName: await profiles.generateName(userId(request)),
    }),
  );
}

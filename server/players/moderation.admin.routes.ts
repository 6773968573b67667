import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { blocklistInputSchema, blocklistSchema, moderationMatchesSchema } from '@contracts/admin-moderation';
import { apiErrorSchema } from '@contracts/errors';
import type { ModerationService } from './moderation.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** Organizer API for moderation: the blocklist (read, replace) and what it flags among existing names and strategies. */
export async function moderationAdminRoutes(base: FastifyInstance, { moderation }: { moderation: ModerationService }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const requireOrganizer = app.guards.requireOrganizer;

  app.get('/api/admin/moderation/blocklist', { onRequest: requireOrganizer, schema: { response: { 200: blocklistSchema, ...errors } } }, async () => ({
    terms: await moderation.terms(),
  }));

  app.put(
    '/api/admin/moderation/blocklist',
    { onRequest: requireOrganizer, schema: { body: blocklistInputSchema, response: { 200: blocklistSchema, ...errors } } },
    async (request) => ({ terms: await moderation.setTerms(request.body.terms) }),
  );

  app.get('/api/admin/moderation/matches', { onRequest: requireOrganizer, schema: { response: { 200: moderationMatchesSchema, ...errors } } }, async () =>
    moderation.matches(),
  );
}

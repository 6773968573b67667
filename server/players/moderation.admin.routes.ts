import type { FastifyInstance } from 'fastify';
import { blocklistInputSchema, blocklistSchema, moderationMatchesSchema } from '@contracts/admin-moderation';
import { errorResponses } from '../http/http-error';
import { AUDIT_ACTIONS } from '@contracts/admin.rules';
import { organizerActor, recordAudit } from '../audit/audit.service';
import type { Db } from '../db/client';
import type { ModerationService } from './moderation.service';
import { organizerScope } from '../http/organizer-scope';

const errors = errorResponses(400, 401, 403);

/** Organizer API for moderation: the blocklist (read, replace) and what it flags among existing names and strategies. */
export async function moderationAdminRoutes(base: FastifyInstance, { moderation, db }: { moderation: ModerationService; db: Db }) {
  const app = organizerScope(base);

  app.get('/api/admin/moderation/blocklist', { schema: { response: { 200: blocklistSchema, ...errors } } }, async () => ({
    terms: await moderation.terms(),
  }));

  app.put(
    '/api/admin/moderation/blocklist',
    { schema: { body: blocklistInputSchema, response: { 200: blocklistSchema, ...errors } } },
    async (request) => {
      const before = await moderation.terms();
      const terms = await moderation.setTerms(request.body.terms);
      // Audited as what was added and removed; the list itself stays out of every player's reach.
      const added = terms.filter((term) => !before.includes(term));
      const removed = before.filter((term) => !terms.includes(term));
      if (added.length + removed.length > 0)
        await recordAudit(db, organizerActor(request), { action: AUDIT_ACTIONS.blocklistUpdate, details: { added, removed } });
      return { terms };
    },
  );

  app.get('/api/admin/moderation/matches', { schema: { response: { 200: moderationMatchesSchema, ...errors } } }, async () =>
    moderation.matches(),
  );
}

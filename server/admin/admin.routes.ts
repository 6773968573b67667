import type { FastifyInstance } from 'fastify';
import { auditQuerySchema, auditResponseSchema } from '@contracts/admin-audit';
import { adminOverviewSchema } from '@contracts/admin-overview';
import { HttpError, errorResponses } from '../http/http-error';
import { ADMIN_CHANNEL, LEADERBOARD_CHANNEL } from '../db/channels';
import type { Database } from '../db/client';
import { listAudit } from '../audit/audit.service';
import { OverviewHub, type OverviewHubOptions } from './overview.hub';
import { readOverview, type OverviewConfig } from './overview.service';
import { openEventStream } from '../http/sse';
import { organizerScope } from '../http/organizer-scope';

const errors = errorResponses(400, 401, 403, 429);

export interface AdminRoutesOptions {
  database: Database;
  overview: OverviewConfig;
  hub?: OverviewHubOptions;
}

/** What composes several capabilities: the overview (and its live stream) and the audit log. Organizers only. */
export async function adminRoutes(base: FastifyInstance, options: AdminRoutesOptions) {
  const app = organizerScope(base);
  const { db } = options.database;

  const hub = new OverviewHub(
    () => readOverview(db, options.overview),
    (error) => app.log.error({ err: error }, 'admin overview refresh failed'),
    options.hub,
  );
  // The same NOTIFY fan-out as the leaderboard: finishes, renames, hides, deletions, resets, event changes.
  const unlisten = [
    await options.database.listen(LEADERBOARD_CHANNEL, () => hub.requestRefresh()),
    await options.database.listen(ADMIN_CHANNEL, () => hub.requestRefresh()),
  ];
  app.addHook('preClose', async () => hub.close());
  app.addHook('onClose', async () => {
    for (const stop of unlisten) await stop();
  });

  app.get('/api/admin/overview', { schema: { response: { 200: adminOverviewSchema, ...errors } } }, async () =>
    readOverview(db, options.overview),
  );

  app.get(
    '/api/admin/audit',
    { schema: { querystring: auditQuerySchema, response: { 200: auditResponseSchema, ...errors } } },
    async (request) => listAudit(db, request.query.page, request.query.pageSize),
  );

  app.get('/api/admin/stream', { schema: { response: errors } }, async (_request, reply) => {
    if (hub.full) throw new HttpError(429, 'TOO_MANY_STREAMS', 'Too many console streams are open. Close some tabs and try again.');
    openEventStream(reply);
    await hub.add(reply.raw);
  });
}

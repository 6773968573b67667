import type { FastifyInstance } from 'fastify';
import {
  archiveListResponseSchema,
  archiveParamsSchema,
  archiveResponseSchema,
  boothDisplayResponseSchema,
  boothDisplayUpdateSchema,
  boardCountsPreviewQuerySchema,
  boardCountsPreviewResponseSchema,
  leaderboardResetResponseSchema,
  leaderboardResetSchema,
  winnersQuerySchema,
} from '@contracts/admin-leaderboard';
import { errorResponses } from '../http/http-error';
import { organizerActor } from '../audit/audit.service';
import type { BoothDisplayService } from './booth-display.service';
import type { LeaderboardAdminService } from './leaderboard.admin.service';
import { winnersCsv } from './winners-csv';
import { organizerScope } from '../http/organizer-scope';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Organizer routes on the board: reset + archives, the winners' contact export (CSV), and what the booth shows. */
export async function leaderboardAdminRoutes(
  base: FastifyInstance,
  { leaderboard, booth }: { leaderboard: LeaderboardAdminService; booth: BoothDisplayService },
) {
  const app = organizerScope(base);

  app.post(
    '/api/admin/leaderboard/reset',
    { schema: { body: leaderboardResetSchema, response: { 200: leaderboardResetResponseSchema, ...errors } } },
    async (request) => ({ archive: await leaderboard.reset(organizerActor(request), request.body?.label) }),
  );

  app.get(
    '/api/admin/leaderboard/board-counts-preview',
    { schema: { querystring: boardCountsPreviewQuerySchema, response: { 200: boardCountsPreviewResponseSchema, ...errors } } },
    async (request) => leaderboard.previewBoardCounts(request.query.boardCounts),
  );

  app.get('/api/admin/leaderboard/archives', { schema: { response: { 200: archiveListResponseSchema, ...errors } } }, async () => ({
    archives: await leaderboard.archives(),
  }));

  app.get(
    '/api/admin/leaderboard/archives/:id',
    { schema: { params: archiveParamsSchema, response: { 200: archiveResponseSchema, ...errors } } },
    async (request) => ({
      archive: await leaderboard.archive(request.params.id),
    }),
  );

  app.get('/api/admin/booth', { schema: { response: { 200: boothDisplayResponseSchema, ...errors } } }, async () => ({
    booth: await booth.get(),
  }));

  app.put(
    '/api/admin/booth',
    { schema: { body: boothDisplayUpdateSchema, response: { 200: boothDisplayResponseSchema, ...errors } } },
    async (request) => ({ booth: await booth.update(organizerActor(request), request.body) }),
  );

  // Plain GET with the session cookie: the console's button and `curl -b 'cookie…'` both work.
  app.get('/api/admin/winners.csv', { schema: { querystring: winnersQuerySchema, response: errors } }, async (request, reply) => {
    const { top, archive } = request.query;
    const rows = await leaderboard.winners(organizerActor(request), top, archive);
    const timeZone = await leaderboard.timeZone();
    const name = archive === undefined ? `winners-top${top}.csv` : `winners-archive${archive}-top${top}.csv`;
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${name}"`);
    // No 200 schema: the body is the CSV text, sent as is.
    return reply.send(winnersCsv(rows, timeZone) as never);
  });
}

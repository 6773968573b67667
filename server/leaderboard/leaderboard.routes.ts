import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@contracts/errors';
import {
  boothInfoSchema,
  championResponseSchema,
  leaderboardQuerySchema,
  leaderboardResponseSchema,
  myRankSchema,
  strategyInputSchema,
  strategyResponseSchema,
} from '@contracts/leaderboard';
import { LEADERBOARD_TOP_SIZE, leaderboardErrorCodes } from '@contracts/leaderboard.rules';
import { lookupSession } from '../auth/auth.routes';
import { LEADERBOARD_CHANNEL } from '../db/channels';
import type { Database } from '../db/client';
import { StreamAdmission, type AdmissionLimits, type StreamViewer } from './leaderboard-admission';
import { LeaderboardHub } from './leaderboard.hub';
import { createLeaderboardService } from './leaderboard.service';
import { openEventStream } from '../sse';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

export interface LeaderboardRoutesOptions {
  database: Database;
  /** Keys the opaque per-player entry pseudonyms. */
  keySecret: string;
  /** What the booth screen's QR code opens. */
  gameUrl: string;
  heartbeatMs?: number;
  /** Who may open a live stream (caps per session, anonymous share, organizer reserve). */
  admission?: Partial<AdmissionLimits>;
}

/** The public board, the player's own rank, the champion's strategy, and the live stream (SSE) fed by NOTIFY. */
export async function leaderboardRoutes(base: FastifyInstance, options: LeaderboardRoutesOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const leaderboard = createLeaderboardService({ db: options.database.db, keySecret: options.keySecret });
  const hub = new LeaderboardHub(
    () => leaderboard.boardState(LEADERBOARD_TOP_SIZE),
    (error) => app.log.error({ err: error }, 'leaderboard stream refresh failed'),
    { heartbeatMs: options.heartbeatMs },
  );
  const admission = new StreamAdmission(options.admission);
  // Every instance on the same database hears every change (LISTEN/NOTIFY on PostgreSQL, in-process on PGlite).
  const unlisten = await options.database.listen(LEADERBOARD_CHANNEL, () => hub.requestRefresh());
  // Open streams would keep the server from closing: end them first, then stop listening.
  app.addHook('preClose', async () => hub.close());
  app.addHook('onClose', async () => unlisten());

  const viewerId = async (request: FastifyRequest) => (await lookupSession(app.auth, request))?.user.id ?? null;

  app.get('/api/leaderboard', { schema: { querystring: leaderboardQuerySchema, response: { 200: leaderboardResponseSchema, ...errors } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return leaderboard.leaderboard(request.query.limit, await viewerId(request));
  });

  app.get('/api/leaderboard/me', { onRequest: app.guards.requireUser, schema: { response: { 200: myRankSchema, ...errors } } }, async (request) =>
    leaderboard.myRank(request.session!.user.id),
  );

  app.get('/api/leaderboard/champion', { schema: { response: { 200: championResponseSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { champion: await leaderboard.champion() };
  });

  app.put(
    '/api/leaderboard/strategy',
    { onRequest: app.guards.requireUser, schema: { body: strategyInputSchema, response: { 200: strategyResponseSchema, ...errors } } },
    async (request) => {
      const strategy = await leaderboard.setStrategy(request.session!.user.id, request.body.strategy);
      return { strategy };
    },
  );

  app.get('/api/leaderboard/booth-info', { schema: { response: { 200: boothInfoSchema } } }, async () => ({ gameUrl: options.gameUrl }));

  app.get('/api/leaderboard/stream', { schema: { response: { 429: apiErrorSchema } } }, async (request, reply) => {
    // HEAD says what a GET would get, without opening a stream or holding a slot.
    if (request.method === 'HEAD') {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform' });
      reply.raw.end();
      return;
    }
    const session = await lookupSession(app.auth, request);
    const viewer: StreamViewer = session
      ? { kind: (session.user as { role?: string }).role === 'organizer' ? 'organizer' : 'player', key: session.session.id }
      : { kind: 'anonymous', key: request.ip };
    // Refused before hijacking, so the refusal is an ordinary JSON error.
    const release = admission.admit(viewer);
    if (!release) {
      return reply
        .status(429)
        .header('retry-after', '10')
        .send({ code: leaderboardErrorCodes.tooManyStreams, message: 'Too many live leaderboard streams are open. Close some tabs and try again.' });
    }
    reply.raw.once('close', release);
    openEventStream(reply);
    const lastEventId = request.headers['last-event-id'];
    await hub.add(reply.raw, typeof lastEventId === 'string' ? lastEventId : undefined);
  });
}

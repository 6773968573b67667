import type { FastifyInstance } from 'fastify';
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
import { HttpError, errorResponses } from '../http/http-error';
import { LEADERBOARD_CHANNEL } from '../db/channels';
import type { Database } from '../db/client';
import { StreamAdmission, type AdmissionLimits, type StreamViewer } from './leaderboard-admission';
import { LeaderboardHub } from './leaderboard.hub';
import { YOUNG_ACCOUNT_MS } from '../limits/limits.rules';
import type { LeaderboardService } from './leaderboard.service';
import type { Metrics } from '../metrics/metrics';
import { lastEventIdOf, openEventStream } from '../http/sse';

const errors = errorResponses(400, 401, 403);

/** Bounds of the reconnect delay a draining instance gives each of its viewers (spread, and well inside 5 s). */
export const DRAIN_RETRY_MIN_MS = 200;
export const DRAIN_RETRY_MAX_MS = 1500;

export interface LeaderboardRoutesOptions {
  database: Database;
  /** The app's one leaderboard service (leaderboard.module.ts builds it). */
  leaderboard: LeaderboardService;
  /** What the booth screen's QR code opens. */
  gameUrl: string;
  heartbeatMs?: number;
  /**
   * Registers what to do when this instance starts draining for a stop: its streams are ended with a jittered
   * `retry:` (DRAIN_RETRY_MIN_MS–DRAIN_RETRY_MAX_MS), so viewers reconnect elsewhere, spread out.
   */
  onDrain?: (listener: () => void) => void;
  /** Who may open a live stream (caps per account, anonymous share, organizer reserve). */
  admission?: Partial<AdmissionLimits>;
  /** Where the number of open live streams is reported (GET /metrics). */
  metrics?: Pick<Metrics, 'gauge'>;
}

/** The public board, the player's own rank, the champion's strategy, and the live stream (SSE) fed by NOTIFY. */
export async function leaderboardRoutes(base: FastifyInstance, options: LeaderboardRoutesOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { leaderboard } = options;
  const hub = new LeaderboardHub(
    () => leaderboard.boardState(LEADERBOARD_TOP_SIZE),
    (error) => app.log.error({ err: error }, 'leaderboard stream refresh failed'),
    { heartbeatMs: options.heartbeatMs },
  );
  const admission = new StreamAdmission(options.admission);
  options.metrics?.gauge(
    'live_viewers',
    'Live leaderboard streams open on this instance (phones and booth screens).',
    () => hub.clientCount,
  );
  // Every instance on the same database hears every change (LISTEN/NOTIFY on PostgreSQL, in-process on PGlite).
  const unlisten = await options.database.listen(LEADERBOARD_CHANNEL, () => hub.requestRefresh());
  options.onDrain?.(() => hub.sendAway(() => DRAIN_RETRY_MIN_MS + Math.round(Math.random() * (DRAIN_RETRY_MAX_MS - DRAIN_RETRY_MIN_MS))));
  // Open streams would keep the server from closing: end them first, then stop listening.
  app.addHook('preClose', async () => hub.close());
  app.addHook('onClose', async () => unlisten());

  app.get(
    '/api/leaderboard',
    {
      onRequest: app.guards.optionalUser,
      schema: { querystring: leaderboardQuerySchema, response: { 200: leaderboardResponseSchema, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return leaderboard.leaderboard(request.query.limit, request.session?.user.id ?? null);
    },
  );

  app.get(
    '/api/leaderboard/me',
    { onRequest: app.guards.requireUser, schema: { response: { 200: myRankSchema, ...errors } } },
    async (request) => leaderboard.myRank(request.session!.user.id),
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
    await app.guards.optionalUser(request);
    const session = request.session;
    const organizer = (session?.user as { role?: string } | undefined)?.role === 'organizer';
    const young = session !== null && Date.now() - new Date(session.user.createdAt).getTime() < YOUNG_ACCOUNT_MS;
    const viewer: StreamViewer = session
      ? { kind: organizer ? 'organizer' : 'player', key: session.user.id, ...(young ? { youngFrom: request.ip } : {}) }
      : { kind: 'anonymous', key: request.ip };
    // Refused before hijacking, so the refusal is an ordinary JSON error.
    const release = admission.admit(viewer);
    if (!release) {
      throw new HttpError(
        429,
        leaderboardErrorCodes.tooManyStreams,
        'Too many live leaderboard streams are open. Close some tabs and try again.',
        { 'retry-after': '10' },
      );
    }
    reply.raw.once('close', release);
    openEventStream(reply);
    await hub.add(reply.raw, lastEventIdOf(request));
  });
}

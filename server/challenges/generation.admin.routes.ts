/**
 * Organizer routes for image generation: providers and recent runs, start a run, read one, and follow it live
 * (Server-Sent Events fed by NOTIFY: one database listener per instance, one shared stream hub per watched run, so one
 * read per change per run however many consoles watch it, heartbeats included; no polling).
 */
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import {
  generationOverviewSchema,
  generationRunSchema,
  reviewGenerationSchema,
  reviewResultSchema,
  runIdParamsSchema,
  startGenerationSchema,
} from '@contracts/admin-challenges';
import {
  DEFAULT_SECONDS_PER_IMAGE,
  GENERATION_PROVIDERS,
  GENERATION_STREAM_EVENTS,
  type GenerationProvider,
} from '@contracts/admin-challenges.rules';
import type { GenerationRun } from '@contracts/admin-challenges';
import { HttpError, errorResponses } from '../http/http-error';
import type { Database } from '../db/client';
import { GENERATION_CHANNEL, generationErrors, type GenerationService } from './generation.service';
import type { ImageProvider } from './image-providers';
import { AUDIT_ACTIONS } from '@contracts/admin.rules';
import { organizerActor, recordAudit } from '../audit/audit.service';
import { lastEventIdOf, openEventStream } from '../http/sse';
import { SseHub } from '../http/sse-hub';
import { organizerScope } from '../http/organizer-scope';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const providerLabels: Record<GenerationProvider, string> = {
  openai: 'OpenAI-compatible images API',
  automatic1111: 'AUTOMATIC1111 / Forge',
};
/** Open progress streams per instance (organizers only; a handful in practice). */
const MAX_STREAMS = 200;

export interface GenerationAdminOptions {
  database: Database;
  service: GenerationService;
  providers: Partial<Record<GenerationProvider, ImageProvider>>;
  heartbeatMs: number;
  /** Price of one image per provider (US dollars), for the estimate before a run. */
  prices: Record<GenerationProvider, number>;
  /** Images generated at once per instance. */
  concurrency: number;
}

export async function generationAdminRoutes(
  base: FastifyInstance,
  { database, service, providers, heartbeatMs, prices, concurrency }: GenerationAdminOptions,
) {
  const app = organizerScope(base);

  const hubs = runHubs(service, heartbeatMs, (error) => app.log.warn({ err: error }, 'generation progress read failed'));
  let streams = 0;
  const unlisten = await database.listen(GENERATION_CHANNEL, (payload) => hubs.changed(payload || null));
  // Open streams would keep the server from closing: end them first, then stop listening.
  app.addHook('preClose', async () => hubs.close());
  app.addHook('onClose', async () => unlisten());

  app.get(
    '/api/admin/challenges/generation',
    { schema: { response: { 200: generationOverviewSchema, ...errors } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const providerList = await Promise.all(
        GENERATION_PROVIDERS.map(async (id) => ({
          id,
          label: providerLabels[id],
          configured: Boolean(providers[id]),
          pricePerImageUsd: prices[id],
          secondsPerImage: (await service.measuredSecondsPerImage(id, concurrency)) ?? DEFAULT_SECONDS_PER_IMAGE[id],
        })),
      );
      return { providers: providerList, concurrency, runs: await service.recent() };
    },
  );

  app.post(
    '/api/admin/challenges/generation',
    { schema: { body: startGenerationSchema, response: { 201: generationRunSchema, ...errors } } },
    async (request, reply) => {
      const run = await service.start(request.body, request.session!.user.id);
      await recordAudit(database.db, organizerActor(request), {
        action: AUDIT_ACTIONS.generationStart,
        targetId: run.id,
        details: { provider: request.body.provider, prompts: run.items.length },
      });
      return reply.status(201).send(run);
    },
  );

  // The review grid: approve, reject or regenerate some of a run's images (held runs reach players once approved).
  app.post(
    '/api/admin/challenges/generation/:runId/review',
    { schema: { params: runIdParamsSchema, body: reviewGenerationSchema, response: { 200: reviewResultSchema, ...errors } } },
    async (request) => {
      const updated = await service.review(request.params.runId, request.body.itemIds, request.body.decision);
      await recordAudit(database.db, organizerActor(request), {
        action: AUDIT_ACTIONS.generationReview,
        targetId: request.params.runId,
        details: { decision: request.body.decision, items: updated },
      });
      return { updated };
    },
  );

  app.get(
    '/api/admin/challenges/generation/:runId',
    { schema: { params: runIdParamsSchema, response: { 200: generationRunSchema, ...errors } } },
    async (request, reply) => {
      const run = await service.read(request.params.runId);
      if (!run) throw generationErrors.runNotFound();
      reply.header('cache-control', 'no-store');
      return run;
    },
  );

  app.get(
    '/api/admin/challenges/generation/:runId/stream',
    { schema: { params: runIdParamsSchema, response: errors } },
    async (request, reply) => {
      const { runId } = request.params;
      const run = await service.read(runId);
      if (!run) throw generationErrors.runNotFound();
      if (streams >= MAX_STREAMS)
        throw new HttpError(429, 'TOO_MANY_STREAMS', 'Too many progress streams are open. Close some tabs and try again.');
      const target = openEventStream(reply);
      streams++;
      target.on('close', () => streams--);
      await hubs.watch(runId, target, lastEventIdOf(request));
    },
  );
}

/** Coalesces a burst of changes (several images finishing together) into one read. */
const PROGRESS_COALESCE_MS = 100;
/** Re-read a watched run this often even without a change announced (a lost NOTIFY). */
const PROGRESS_REFRESH_MS = 30_000;

/**
 * One SseHub per run someone watches, made with its first watcher and closed with its last: the run is read once per
 * change and the same frame goes to every console; a reconnect whose Last-Event-ID names the current state gets none.
 */
function runHubs(service: GenerationService, heartbeatMs: number, onError: (error: unknown) => void) {
  const hubs = new Map<string, { hub: SseHub<GenerationRun>; watchers: number }>();
  const frame = (run: GenerationRun) => {
    const data = JSON.stringify(run);
    const key = createHash('sha256').update(data).digest('base64url').slice(0, 16);
    const bytes = `id: ${key}\nevent: ${GENERATION_STREAM_EVENTS.progress}\ndata: ${data}\n\n`;
    return { key, snapshot: bytes, update: bytes };
  };
  const hubOf = (runId: string) => {
    let entry = hubs.get(runId);
    if (!entry) {
      const load = async () => (await service.read(runId)) ?? Promise.reject(generationErrors.runNotFound());
      const hub = new SseHub<GenerationRun>({
        load,
        frames: frame,
        onError,
        coalesceMs: PROGRESS_COALESCE_MS,
        heartbeatMs,
        refreshEveryMs: PROGRESS_REFRESH_MS,
      });
      entry = { hub, watchers: 0 };
      hubs.set(runId, entry);
    }
    return entry;
  };
  return {
    async watch(runId: string, target: ServerResponse, lastEventId: string | undefined) {
      const entry = hubOf(runId);
      entry.watchers++;
      target.on('close', () => {
        if (--entry.watchers > 0 || hubs.get(runId) !== entry) return;
        hubs.delete(runId);
        entry.hub.close();
      });
      await entry.hub.add(target, lastEventId);
    },
    /** A run changed (null: the listener reconnected and may have missed some: every watched run). */
    changed(runId: string | null) {
      if (runId) hubs.get(runId)?.hub.requestRefresh();
      else for (const { hub } of hubs.values()) hub.requestRefresh();
    },
    close() {
      for (const { hub } of hubs.values()) hub.close();
      hubs.clear();
    },
  };
}

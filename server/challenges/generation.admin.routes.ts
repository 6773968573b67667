/**
 * Organizer routes for image generation: providers and recent runs, start a run, read one, and follow it live
 * (Server-Sent Events fed by NOTIFY: one database listener per instance, one read per change per run, no polling).
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { generationOverviewSchema, generationRunSchema, runIdParamsSchema, startGenerationSchema } from '@contracts/admin-challenges';
import { GENERATION_PROVIDERS, GENERATION_STREAM_EVENTS, type GenerationProvider } from '@contracts/admin-challenges.rules';
import { HttpError, errorResponses } from '../http/http-error';
import type { Database } from '../db/client';
import { GENERATION_CHANNEL, generationErrors, type GenerationService } from './generation.service';
import type { ImageProvider } from './image-providers';
import { AUDIT_ACTIONS } from '@contracts/admin.rules';
import { organizerActor, recordAudit } from '../audit/audit.service';
import { openEventStream } from '../http/sse';
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
}

export async function generationAdminRoutes(base: FastifyInstance, { database, service, providers, heartbeatMs }: GenerationAdminOptions) {
  const app = organizerScope(base);

  // runId → open streams. One change of a run costs one read, however many consoles watch it.
  const watchers = new Map<string, Set<ServerResponse>>();
  const pending = new Set<string>();
  let streams = 0;

  async function push(runId: string) {
    const targets = watchers.get(runId);
    if (!targets || targets.size === 0 || pending.has(runId)) return;
    pending.add(runId);
    // Coalesce a burst of NOTIFYs (several images finishing together) into one read.
    await new Promise((resolve) => setTimeout(resolve, 100));
    pending.delete(runId);
    const run = await service.read(runId).catch(() => null);
    if (!run) return;
    const frame = `event: ${GENERATION_STREAM_EVENTS.progress}\ndata: ${JSON.stringify(run)}\n\n`;
    for (const target of watchers.get(runId) ?? []) target.write(frame);
  }

  const unlisten = await database.listen(GENERATION_CHANNEL, (payload) => {
    if (payload) void push(payload);
    // '' = the listener reconnected and may have missed NOTIFYs: refresh every watched run.
    else for (const runId of watchers.keys()) void push(runId);
  });
  app.addHook('onClose', async () => {
    await unlisten();
    for (const set of watchers.values()) for (const target of set) target.end();
  });

  app.get(
    '/api/admin/challenges/generation',
    { schema: { response: { 200: generationOverviewSchema, ...errors } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        providers: GENERATION_PROVIDERS.map((id) => ({ id, label: providerLabels[id], configured: Boolean(providers[id]) })),
        runs: await service.recent(),
      };
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
      let set = watchers.get(runId);
      if (!set) watchers.set(runId, (set = new Set()));
      set.add(target);
      target.write(`retry: 3000\nevent: ${GENERATION_STREAM_EVENTS.progress}\ndata: ${JSON.stringify(run)}\n\n`);
      const heartbeat = setInterval(() => target.write(': keep-alive\n\n'), heartbeatMs);
      target.on('close', () => {
        clearInterval(heartbeat);
        streams--;
        set.delete(target);
        if (set.size === 0) watchers.delete(runId);
      });
    },
  );
}

/** The challenges capability as the app registers it: pool routes, generation routes and the generation worker. */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { GenerationProvider } from '@contracts/admin-challenges.rules';
import type { Database } from '../db/client';
import { readPoolCapacity } from '../db/pool-capacity';
import { generationItems } from '../db/tables/challenges.tables';
import type { Env } from '../env';
import type { Metrics } from '../metrics/metrics';
import type { Scorer } from '../scoring/scorer';
import type { ImageStorage } from '../storage/image-storage';
import { challengesAdminRoutes } from './challenges.admin.routes';
import { createPoolService } from './challenges-pool.service';
import { generationAdminRoutes } from './generation.admin.routes';
import { createGenerationService } from './generation.service';
import { createGenerationWorker } from './generation.worker';
import { automatic1111Provider, openAiImagesProvider, type ImageProvider, type ProviderLimits } from './image-providers';

/** The providers this deployment configured (README: configuration). */
export function imageProvidersFrom(env: Env): Partial<Record<GenerationProvider, ImageProvider>> {
  const providers: Partial<Record<GenerationProvider, ImageProvider>> = {};
  const limits: ProviderLimits = {
    maxImageBytes: env.GENERATION_MAX_IMAGE_MB * 1024 * 1024,
    downloadTimeoutMs: env.GENERATION_IMAGE_TIMEOUT_MS,
    allowLanProvider: env.GENERATION_ALLOW_LAN_PROVIDER,
  };
  const openAiKey = env.IMAGES_OPENAI_API_KEY ?? env.OPENAI_API_KEY;
  if (env.IMAGES_OPENAI_BASE_URL || openAiKey) {
    providers.openai = openAiImagesProvider({
      baseUrl: env.IMAGES_OPENAI_BASE_URL ?? env.OPENAI_BASE_URL,
      apiKey: openAiKey,
      model: env.IMAGES_OPENAI_MODEL,
      size: env.IMAGES_OPENAI_SIZE,
      limits,
    });
  }
  if (env.A1111_BASE_URL) {
    providers.automatic1111 = automatic1111Provider({
      baseUrl: env.A1111_BASE_URL,
      steps: env.A1111_STEPS,
      width: env.A1111_WIDTH,
      height: env.A1111_HEIGHT,
      sampler: env.A1111_SAMPLER,
      limits,
    });
  }
  return providers;
}

async function challengesPlugin(
  app: FastifyInstance,
  deps: { env: Env; database: Database; storage: ImageStorage; scorer: Scorer; metrics?: Pick<Metrics, 'gauge' | 'labelledGauge'> },
) {
  const { env, database, storage, scorer, metrics } = deps;
  const db = database.db;
  if (metrics) {
    metrics.gauge(
      'pool_remaining',
      'Challenges START can still hand out without prompt reuse (unused, plus prompts whose claim went idle).',
      async () => (await readPoolCapacity(db)).claimable,
    );
    metrics.labelledGauge('generation_items', 'Image generation items over every run, by state.', 'state', async () => {
      const rows = await db
        .select({ state: generationItems.status, n: sql<number>`count(*)::int` })
        .from(generationItems)
        .groupBy(generationItems.status);
      return Object.fromEntries(rows.map((row) => [row.state, Number(row.n)]));
    });
  }
  await app.register(challengesAdminRoutes, {
    pool: createPoolService({ db, storage }),
    importDeps: { db, storage, scorer },
    maxUploadBytes: env.PACK_UPLOAD_MAX_MB * 1024 * 1024,
  });

  const providers = imageProvidersFrom(env);
  const service = createGenerationService({ db, storage, configured: (provider) => Boolean(providers[provider]) });
  await app.register(generationAdminRoutes, {
    database,
    service,
    providers,
    heartbeatMs: env.SSE_HEARTBEAT_MS,
    prices: { openai: env.IMAGES_OPENAI_PRICE_USD, automatic1111: env.A1111_PRICE_USD },
    concurrency: env.GENERATION_CONCURRENCY,
  });
  if (!env.GENERATION_WORKER) return;
  const worker = createGenerationWorker({
    database,
    storage,
    scorer,
    service,
    providers,
    concurrency: env.GENERATION_CONCURRENCY,
    timeoutMs: env.GENERATION_TIMEOUT_MS,
    maxTries: env.GENERATION_MAX_TRIES,
    backoffMs: env.GENERATION_BACKOFF_MS,
    leaseMs: env.GENERATION_LEASE_MS,
    pollMs: env.GENERATION_POLL_MS,
    instanceId: randomUUID(),
    log: app.log.child({ module: 'generation' }),
  });
  // Runs left over from before a restart resume as soon as the app is up.
  app.addHook('onReady', () => worker.start());
  app.addHook('preClose', () => worker.stop());
}

export const challengesModule = fp(challengesPlugin, { name: 'challenges', dependencies: ['http', 'auth'], encapsulate: true });

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shippedMigrations, type Database } from '../db/client';
import type { Scorer } from '../scoring/scorer';
import { ScoringBusyError } from '../scoring/embedding-pool';
import type { Lifecycle } from './lifecycle';

const checkSchema = z.object({ ok: z.boolean(), detail: z.string().optional() });
const readySchema = z.object({
  status: z.enum(['ready', 'unready', 'draining']),
  /** The parts that failed, by name (empty when ready). */
  failing: z.array(z.string()),
  checks: z.object({ database: checkSchema, scorer: checkSchema, draining: checkSchema }),
});
type Check = z.infer<typeof checkSchema>;

/** How long one part may take to answer a readiness probe before it counts as failing. */
const CHECK_TIMEOUT_MS = 3000;
/** A burst of probes (several balancers, retries) shares one round of checks. */
const CHECK_CACHE_MS = 500;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
    work.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error) => (clearTimeout(timer), reject(error)),
    );
  });
}

/** Migrations shipped with this build; unknown (not checked) when the journal cannot be read. */
function shippedMigrationCount(): number | undefined {
  try {
    return shippedMigrations();
  } catch {
    return undefined;
  }
}

export interface HealthRoutesOptions {
  database: Database;
  scorer: Scorer;
  lifecycle: Lifecycle;
}

export interface Readiness {
  status: 'ready' | 'unready' | 'draining';
  failing: string[];
  checks: { database: Check; scorer: Check; draining: Check };
}

/**
 * Whether this instance can take players now: its database answers and carries every migration of this build, its
 * scoring model answers, and it is not draining for a stop. Read by GET /api/health/ready and by GET /metrics
 * (gg_ready_check), so a balancer and Prometheus see the same answer.
 */
export function createReadiness({ database, scorer, lifecycle }: HealthRoutesOptions): () => Promise<Readiness> {
  const expectedMigrations = shippedMigrationCount();

  async function checkDatabase(): Promise<Check> {
    try {
      const result = (await withTimeout(
        database.db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`),
        'the database',
      )) as unknown as { rows: Array<{ applied: number }> };
      const applied = Number(result.rows[0]?.applied ?? 0);
      if (expectedMigrations !== undefined && applied < expectedMigrations) {
        return { ok: false, detail: `${applied} of ${expectedMigrations} migrations applied` };
      }
      return { ok: true };
    } catch (error) {
      return { ok: false, detail: `unreachable: ${(error as Error).message}` };
    }
  }

  async function checkScorer(): Promise<Check> {
    try {
      // Ahead of the guesses waiting: a crowd's queue is load, not a fault. Waiting behind it, a busy last instance
      // answered its balancer's probes too late, was taken out, and left the balancer with no instance at all.
      await withTimeout(scorer.embed(['ready check'], { first: true }), 'the scoring model');
      return { ok: true };
    } catch (error) {
      // Busy is loaded and working (its queue is full of guesses): ready, the guess route sheds the excess itself.
      if (error instanceof ScoringBusyError) return { ok: true, detail: 'busy' };
      return { ok: false, detail: (error as Error).message };
    }
  }

  let cached: { at: number; checks: { database: Check; scorer: Check } } | undefined;
  let running: Promise<{ database: Check; scorer: Check }> | undefined;
  async function partChecks() {
    if (cached && performance.now() - cached.at < CHECK_CACHE_MS) return cached.checks;
    running ??= Promise.all([checkDatabase(), checkScorer()])
      .then(([databaseCheck, scorerCheck]) => {
        const checks = { database: databaseCheck, scorer: scorerCheck };
        cached = { at: performance.now(), checks };
        return checks;
      })
      .finally(() => (running = undefined));
    return running;
  }

  return async () => {
    const parts = await partChecks();
    const draining: Check = lifecycle.draining ? { ok: false, detail: 'stopping: finishing in-flight requests' } : { ok: true };
    const checks = { ...parts, draining };
    const failing = Object.entries(checks)
      .filter(([, check]) => !check.ok)
      .map(([name]) => name);
    const status = failing.length === 0 ? 'ready' : lifecycle.draining ? 'draining' : 'unready';
    return { status, failing, checks };
  };
}

/**
 * GET /api/health/live: the process answers (a balancer or orchestrator restarts it when this fails).
 * GET /api/health/ready: the instance's readiness (createReadiness); 503 names the failing parts.
 * GET /api/health stays as it was (an alias of live) for set-ups that already probe it.
 */
export async function healthRoutes(
  base: FastifyInstance,
  { readiness, lifecycle }: { readiness: () => Promise<Readiness>; lifecycle: Lifecycle },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const noStore = { 'cache-control': 'no-store' };
  app.get('/api/health', async (_request, reply) => reply.headers(noStore).send({ ok: true }));
  app.get('/api/health/live', { schema: { response: { 200: z.object({ status: z.literal('live') }) } } }, async (_request, reply) =>
    reply.headers(noStore).send({ status: 'live' as const }),
  );
  app.get('/api/health/ready', { schema: { response: { 200: readySchema, 503: readySchema } } }, async (_request, reply) => {
    const ready = await readiness();
    // The balancer has seen this instance stop taking work (main.ts waits for that before closing).
    if (lifecycle.draining) lifecycle.noteDrainSeen();
    return reply
      .status(ready.failing.length === 0 ? 200 : 503)
      .headers(noStore)
      .send(ready);
  });
}

/**
 * Works through generation jobs (generation_items) on every instance: claims queued items with FOR UPDATE SKIP LOCKED
 * under a lease, at most `concurrency` at a time, calls the provider with a time-out, retries 429/5xx/time-outs with
 * exponential backoff, and stores each image through the import pipeline. The item is marked generated inside the
 * transaction that inserts its challenge, and only by the lease holder: every prompt ends exactly once.
 * A worker that dies leaves its leases to expire; another worker (or the restarted one) claims those items again.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { GenerationProvider } from '@contracts/admin-challenges.rules';
import { notify, type Database } from '../db/client';
import { backoffMs, claimJobs, nowPlusMs } from '../db/job-queue';
import { generationItems } from '../db/tables/challenges.tables';
import { challenges } from '../db/tables/challenges.tables';
import type { Scorer } from '../scoring/scorer';
import type { ImageStorage } from '../storage/image-storage';
import { prepareImage, storeChallenges } from './challenges-import.service';
import { GENERATION_CHANNEL, type GenerationService } from './generation.service';
import { ProviderError, type ImageProvider } from './image-providers';

export interface GenerationWorkerOptions {
  database: Database;
  storage: ImageStorage;
  scorer: Scorer;
  service: GenerationService;
  providers: Partial<Record<GenerationProvider, ImageProvider>>;
  /** Images generated at the same time by this instance. */
  concurrency: number;
  /** Per provider call. */
  timeoutMs: number;
  /** Calls per prompt before it is marked failed. */
  maxTries: number;
  /** First retry delay; doubles each try (capped at a minute), or the provider's Retry-After if longer. */
  backoffMs: number;
  /** How long a claim holds without renewal; renewed while the call runs. */
  leaseMs: number;
  /** Fallback look for due retries and expired leases (new runs wake the worker at once through NOTIFY). */
  pollMs: number;
  instanceId: string;
  log?: FastifyBaseLogger;
}

interface ClaimedJob {
  id: string;
  run_id: string;
  prompt: string;
  tries: number;
  provider: GenerationProvider;
  /** The run holds its images for review: they join the pool disabled. */
  hold: boolean;
}

class LeaseLost extends Error {}

export function createGenerationWorker(options: GenerationWorkerOptions) {
  const { database, storage, scorer, service, providers, instanceId, log } = options;
  const { db } = database;
  let stopped = true;
  let active = 0;
  const inflight = new Set<Promise<void>>();
  const shutdown = new AbortController();
  let wake: (() => void) | undefined;
  let loopDone: Promise<void> | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  const wakeUp = () => wake?.();

  async function claim(limit: number): Promise<ClaimedJob[]> {
    return claimJobs<ClaimedJob>(db, {
      table: 'generation_items',
      due: sql`(status = 'queued' and next_try_at <= now()) or (status = 'running' and locked_until < now())`,
      order: sql`next_try_at, position`,
      set: sql`status = 'running', locked_by = ${instanceId}, tries = tries + 1, updated_at = now(), locked_until = ${nowPlusMs(options.leaseMs)}`,
      returning: sql`id, run_id, prompt, tries, (select provider from generation_runs r where r.id = generation_items.run_id) as provider,
                     (select hold_for_review from generation_runs r where r.id = generation_items.run_id) as hold`,
      limit,
    });
  }

  const mine = (id: string) =>
    and(eq(generationItems.id, id), eq(generationItems.lockedBy, instanceId), eq(generationItems.status, 'running'));

  async function fail(job: ClaimedJob, reason: string) {
    await db
      .update(generationItems)
      .set({ status: 'failed', error: reason.slice(0, 500), lockedBy: null, lockedUntil: null, updatedAt: sql`now()` })
      .where(mine(job.id));
  }

  async function retryLater(job: ClaimedJob, error: ProviderError) {
    const backoff = backoffMs(options.backoffMs, job.tries, 60_000);
    const delay = Math.max(backoff, (error.retryAfterSeconds ?? 0) * 1000) * (0.8 + Math.random() * 0.4);
    await db
      .update(generationItems)
      .set({
        status: 'queued',
        error: error.message.slice(0, 500),
        lockedBy: null,
        lockedUntil: null,
        nextTryAt: nowPlusMs(delay),
        updatedAt: sql`now()`,
      })
      .where(mine(job.id));
  }

  async function generate(job: ClaimedJob) {
    const provider = providers[job.provider];
    if (!provider) return fail(job, `The ${job.provider} provider is not configured on this server.`);
    if (job.tries > options.maxTries) return fail(job, `Gave up after ${options.maxTries} tries.`);
    const renew = setInterval(
      () => {
        db.update(generationItems)
          .set({ lockedUntil: nowPlusMs(options.leaseMs) })
          .where(mine(job.id))
          .catch((error: unknown) => log?.warn({ err: error }, 'generation lease renewal failed'));
      },
      Math.max(50, options.leaseMs / 3),
    );
    // A timer of our own, not AbortSignal.timeout(): inside AbortSignal.any() Node may collect a timeout signal before
    // it fires (nodejs/node#57736), and a provider that never answers then held its item 'running' for good, its
    // lease renewed above (seen as a red CI run of generation.test.ts on PostgreSQL).
    const timeout = new AbortController();
    const timer = setTimeout(
      () => timeout.abort(new DOMException('the provider did not answer in time', 'TimeoutError')),
      options.timeoutMs,
    );
    try {
      const bytes = await provider.generate(job.prompt, AbortSignal.any([timeout.signal, shutdown.signal]));
      const prepared = await prepareImage(bytes, job.prompt, `generated:${provider.id}`);
      if (!prepared) throw new ProviderError('the provider sent something that is not a readable image', true);
      let marked = false;
      await storeChallenges({ db, storage, scorer }, [prepared], async (tx, inserted) => {
        const updated = await tx
          .update(generationItems)
          .set({
            status: 'generated',
            challengeId: inserted[0].id,
            imageKey: inserted[0].imageKey,
            error: null,
            lockedBy: null,
            lockedUntil: null,
            updatedAt: sql`now()`,
          })
          .where(mine(job.id))
          .returning({ id: generationItems.id });
        if (updated.length === 0) throw new LeaseLost();
        // Held for review: disabled in the inserting transaction, so no player ever draws an image not yet approved.
        if (job.hold) await tx.update(challenges).set({ disabled: true }).where(eq(challenges.id, inserted[0].id));
        marked = true;
      });
      if (!marked) await fail(job, 'The same image and prompt are already in the pool.');
    } catch (error) {
      if (error instanceof LeaseLost || shutdown.signal.aborted) return; // another worker owns it now, or we are stopping
      if (error instanceof ProviderError && error.retryable && job.tries < options.maxTries) return retryLater(job, error);
      const reason = error instanceof ProviderError ? error.message : `unexpected error: ${(error as Error).message}`;
      if (!(error instanceof ProviderError)) log?.error({ err: error }, 'generation failed');
      await fail(job, error instanceof ProviderError && error.retryable ? `${reason} (gave up after ${job.tries} tries)` : reason);
    } finally {
      clearTimeout(timer);
      clearInterval(renew);
    }
  }

  async function runJob(job: ClaimedJob) {
    try {
      await generate(job);
    } catch (error) {
      log?.error({ err: error }, 'generation job bookkeeping failed');
    }
    if (shutdown.signal.aborted) return;
    await service.finishIfDone(job.run_id).catch(() => undefined);
    await notify(db, GENERATION_CHANNEL, job.run_id).catch(() => undefined);
  }

  async function loop() {
    while (!stopped) {
      let claimed = 0;
      const free = options.concurrency - active;
      if (free > 0) {
        const jobs = await claim(free).catch((error: unknown) => {
          log?.warn({ err: error }, 'generation claim failed');
          return [];
        });
        claimed = jobs.length;
        for (const job of jobs) {
          active++;
          const done = runJob(job).finally(() => {
            active--;
            inflight.delete(done);
            wakeUp();
          });
          inflight.add(done);
        }
      }
      if (stopped) break;
      if (claimed > 0 && claimed === free) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  }

  /** Stops the loop and aborts the calls in flight, waits for both, and stops listening; leases are left as they are. */
  async function halt() {
    stopped = true;
    shutdown.abort();
    wakeUp();
    await loopDone;
    await Promise.allSettled([...inflight]);
    await unlisten?.().catch(() => undefined);
  }

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      unlisten = await database.listen(GENERATION_CHANNEL, () => wakeUp());
      loopDone = loop();
    },
    /** Graceful stop: in-flight calls are aborted and their items handed back at once (queued, no lease). */
    async stop() {
      await halt();
      await db
        .update(generationItems)
        .set({
          status: 'queued',
          lockedBy: null,
          lockedUntil: null,
          nextTryAt: sql`now()`,
          tries: sql`greatest(${generationItems.tries} - 1, 0)`,
        })
        .where(and(eq(generationItems.lockedBy, instanceId), eq(generationItems.status, 'running')))
        .catch(() => undefined);
    },
    /** A crash, for tests: calls die and their items keep their leases until they expire (nothing is released). */
    async abandon() {
      await halt();
    },
    get active() {
      return active;
    },
  };
}

export type GenerationWorker = ReturnType<typeof createGenerationWorker>;

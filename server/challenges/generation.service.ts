/** Generation runs as organizers start and watch them: a run row plus one durable job row per prompt. */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { GenerationItem, GenerationRun, StartGeneration } from '@contracts/admin-challenges';
import { adminChallengeErrorCodes, type GenerationProvider, type ReviewDecision } from '@contracts/admin-challenges.rules';
import { notify, rowsOf, type Db } from '../db/client';
import { retryOnDeadlock } from '../db/races';
import { generationItems, generationRuns } from '../db/tables/challenges.tables';
import { challenges } from '../db/tables/challenges.tables';
import { HttpError } from '../http/http-error';
import { imageUrlFor, type ImageStorage } from '../storage/image-storage';

/** NOTIFY channel: payload = the run id whose progress changed ('' = a new run: workers look for work). */
export const GENERATION_CHANNEL = 'generation_changed';

export const generationErrors = {
  runNotFound: () => new HttpError(404, adminChallengeErrorCodes.runNotFound, 'That generation run was not found.'),
  notConfigured: (provider: string) =>
    new HttpError(
      409,
      adminChallengeErrorCodes.providerNotConfigured,
      `The ${provider} provider is not configured on the server (see the README's configuration table).`,
    ),
};

export function createGenerationService({
  db,
  configured,
  storage,
}: {
  db: Db;
  configured: (provider: GenerationProvider) => boolean;
  /** Where a regenerated item's old image is deleted from (when nobody ever got it). */
  storage?: Pick<ImageStorage, 'delete'>;
}) {
  async function start(input: StartGeneration, userId: string): Promise<GenerationRun> {
    if (!configured(input.provider)) throw generationErrors.notConfigured(input.provider);
    const runId = await db.transaction(async (tx) => {
      const [run] = await tx
        .insert(generationRuns)
        .values({ provider: input.provider, createdBy: userId, holdForReview: input.holdForReview ?? true })
        .returning({ id: generationRuns.id });
      for (let start = 0; start < input.prompts.length; start += 200) {
        await tx
          .insert(generationItems)
          .values(input.prompts.slice(start, start + 200).map((prompt, index) => ({ runId: run.id, position: start + index + 1, prompt })));
      }
      return run.id;
    });
    await notify(db, GENERATION_CHANNEL, runId);
    return (await read(runId))!;
  }

  async function counts(runIds: string[]) {
    if (runIds.length === 0) return new Map<string, { done: number; failed: number; left: number; toReview: number }>();
    const rows = await db
      .select({
        runId: generationItems.runId,
        done: sql<number>`count(*) filter (where ${generationItems.status} = 'generated')::int`,
        failed: sql<number>`count(*) filter (where ${generationItems.status} = 'failed')::int`,
        left: sql<number>`count(*) filter (where ${generationItems.status} in ('queued', 'running'))::int`,
        toReview: sql<number>`count(*) filter (where ${generationItems.status} = 'generated' and ${generationItems.review} is null)::int`,
      })
      .from(generationItems)
      .where(inArray(generationItems.runId, runIds))
      .groupBy(generationItems.runId);
    return new Map(
      rows.map((row) => [
        row.runId,
        { done: Number(row.done), failed: Number(row.failed), left: Number(row.left), toReview: Number(row.toReview) },
      ]),
    );
  }

  async function read(runId: string): Promise<GenerationRun | null> {
    const [run] = await db.select().from(generationRuns).where(eq(generationRuns.id, runId));
    if (!run) return null;
    const items = await db.select().from(generationItems).where(eq(generationItems.runId, runId)).orderBy(generationItems.position);
    const tally = (await counts([runId])).get(runId) ?? { done: 0, failed: 0, left: 0, toReview: 0 };
    return {
      id: run.id,
      provider: run.provider as GenerationProvider,
      createdAt: run.createdAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
      holdForReview: run.holdForReview,
      ...tally,
      items: items.map(
        (item): GenerationItem => ({
          id: item.id,
          position: item.position,
          prompt: item.prompt,
          status: item.status as GenerationItem['status'],
          error: item.error,
          imageUrl: item.imageKey ? imageUrlFor(item.imageKey) : null,
          review: (item.review as GenerationItem['review']) ?? null,
        }),
      ),
    };
  }

  async function recent(limit = 10) {
    const runs = await db.select().from(generationRuns).orderBy(desc(generationRuns.createdAt)).limit(limit);
    const tallies = await counts(runs.map((run) => run.id));
    return runs.map((run) => ({
      id: run.id,
      provider: run.provider as GenerationProvider,
      createdAt: run.createdAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
      holdForReview: run.holdForReview,
      ...(tallies.get(run.id) ?? { done: 0, failed: 0, left: 0, toReview: 0 }),
    }));
  }

  /**
   * Seconds per image of a provider's latest finished run (its wall time over its images, times the concurrency it
   * ran at), for the estimate shown before the next run; null before any.
   */
  async function measuredSecondsPerImage(provider: GenerationProvider, concurrency: number): Promise<number | null> {
    const [row] = rowsOf<{ seconds: number | null }>(
      await db.execute(sql`
        select extract(epoch from (r.finished_at - r.created_at))::float8
               / nullif((select count(*) from generation_items i where i.run_id = r.id and i.status = 'generated'), 0) as seconds
        from generation_runs r where r.provider = ${provider} and r.finished_at is not null
        order by r.finished_at desc limit 1`),
    );
    return row?.seconds == null ? null : Math.round(Number(row.seconds) * concurrency * 100) / 100;
  }

  /**
   * The review grid's decision on some of a run's generated images. Approve enables their challenges, reject disables
   * them; regenerate queues the prompt again and its old image leaves the pool (deleted when nobody ever got it,
   * disabled otherwise). Items of another run, or not generated (failed: regenerate only), are left alone.
   */
  async function review(runId: string, itemIds: string[], decision: ReviewDecision): Promise<number> {
    const [run] = await db.select({ id: generationRuns.id }).from(generationRuns).where(eq(generationRuns.id, runId));
    if (!run) throw generationErrors.runNotFound();
    const ids = [...new Set(itemIds)];
    const ofRun = and(eq(generationItems.runId, runId), inArray(generationItems.id, ids));
    if (decision !== 'regenerate') {
      return db.transaction(async (tx) => {
        const items = await tx
          .update(generationItems)
          .set({ review: decision === 'approve' ? 'approved' : 'rejected', updatedAt: sql`now()` })
          .where(and(ofRun, eq(generationItems.status, 'generated')))
          .returning({ challengeId: generationItems.challengeId });
        const challengeIds = items.map((item) => item.challengeId).filter((id): id is string => id !== null);
        if (challengeIds.length > 0)
          await tx
            .update(challenges)
            .set({ disabled: decision === 'reject' })
            .where(inArray(challenges.id, challengeIds));
        return items.length;
      });
    }
    const { count, deletedKeys } = await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        const items = await tx
          .select({ id: generationItems.id, challengeId: generationItems.challengeId })
          .from(generationItems)
          .where(and(ofRun, inArray(generationItems.status, ['generated', 'failed'])))
          .for('update');
        const old = items.map((item) => item.challengeId).filter((id): id is string => id !== null);
        let deleted: Array<{ imageKey: string }> = [];
        if (old.length > 0) {
          await tx.update(challenges).set({ disabled: true }).where(inArray(challenges.id, old));
          deleted = await tx
            .delete(challenges)
            .where(
              and(
                inArray(challenges.id, old),
                isNull(challenges.claimedAt),
                sql`not exists (select 1 from attempts a where a.challenge_id = ${challenges.id})`,
              ),
            )
            .returning({ imageKey: challenges.imageKey });
        }
        if (items.length > 0) {
          await tx
            .update(generationItems)
            .set({
              status: 'queued',
              tries: 0,
              nextTryAt: sql`now()`,
              challengeId: null,
              imageKey: null,
              review: null,
              error: null,
              updatedAt: sql`now()`,
            })
            .where(
              inArray(
                generationItems.id,
                items.map((item) => item.id),
              ),
            );
          await tx.update(generationRuns).set({ finishedAt: null }).where(eq(generationRuns.id, runId));
        }
        return { count: items.length, deletedKeys: deleted.map((row) => row.imageKey) };
      }),
    );
    await Promise.all(deletedKeys.map((key) => storage?.delete(key)));
    if (count > 0) await notify(db, GENERATION_CHANNEL, runId);
    return count;
  }

  /** Marks the run finished once no item is queued or running. */
  async function finishIfDone(runId: string) {
    await db
      .update(generationRuns)
      .set({ finishedAt: sql`now()` })
      .where(
        and(
          eq(generationRuns.id, runId),
          sql`${generationRuns.finishedAt} is null`,
          sql`not exists (select 1 from ${generationItems} where ${generationItems.runId} = ${runId} and ${generationItems.status} in ('queued', 'running'))`,
        ),
      );
  }

  return { start, read, recent, finishIfDone, review, measuredSecondsPerImage };
}

export type GenerationService = ReturnType<typeof createGenerationService>;

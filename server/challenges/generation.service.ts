/** Generation runs as organizers start and watch them: a run row plus one durable job row per prompt. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { GenerationItem, GenerationRun, StartGeneration } from '@contracts/admin-challenges';
import { adminChallengeErrorCodes, type GenerationProvider } from '@contracts/admin-challenges.rules';
import { notify, type Db } from '../db/client';
import { generationItems, generationRuns } from '../db/tables/challenges.tables';
import { HttpError } from '../http/http-error';
import { imageUrlFor } from '../storage/image-storage';

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

export function createGenerationService({ db, configured }: { db: Db; configured: (provider: GenerationProvider) => boolean }) {
  async function start(input: StartGeneration, userId: string): Promise<GenerationRun> {
    if (!configured(input.provider)) throw generationErrors.notConfigured(input.provider);
    const runId = await db.transaction(async (tx) => {
      const [run] = await tx
        .insert(generationRuns)
        .values({ provider: input.provider, createdBy: userId })
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
    if (runIds.length === 0) return new Map<string, { done: number; failed: number; left: number }>();
    const rows = await db
      .select({
        runId: generationItems.runId,
        done: sql<number>`count(*) filter (where ${generationItems.status} = 'generated')::int`,
        failed: sql<number>`count(*) filter (where ${generationItems.status} = 'failed')::int`,
        left: sql<number>`count(*) filter (where ${generationItems.status} in ('queued', 'running'))::int`,
      })
      .from(generationItems)
      .where(inArray(generationItems.runId, runIds))
      .groupBy(generationItems.runId);
    return new Map(rows.map((row) => [row.runId, { done: Number(row.done), failed: Number(row.failed), left: Number(row.left) }]));
  }

  async function read(runId: string): Promise<GenerationRun | null> {
    const [run] = await db.select().from(generationRuns).where(eq(generationRuns.id, runId));
    if (!run) return null;
    const items = await db.select().from(generationItems).where(eq(generationItems.runId, runId)).orderBy(generationItems.position);
    const tally = (await counts([runId])).get(runId) ?? { done: 0, failed: 0, left: 0 };
    return {
      id: run.id,
      provider: run.provider as GenerationProvider,
      createdAt: run.createdAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
      ...tally,
      items: items.map(
        (item): GenerationItem => ({
          id: item.id,
          position: item.position,
          prompt: item.prompt,
          status: item.status as GenerationItem['status'],
          error: item.error,
          imageUrl: item.imageKey ? imageUrlFor(item.imageKey) : null,
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
      ...(tallies.get(run.id) ?? { done: 0, failed: 0, left: 0 }),
    }));
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

  return { start, read, recent, finishIfDone };
}

export type GenerationService = ReturnType<typeof createGenerationService>;

/**
 * The prompt check (prompt-check.ts) applied to the pool: the enabled challenges with their stored embeddings, for a
 * draft of new prompts (compose, generation), an import that just landed, or the whole pool (the console's "Pool
 * check"). Embeddings stored by another model are recomputed, not compared.
 */
import { eq } from 'drizzle-orm';
import type { PromptFlag } from '@contracts/admin-challenges';
import type { Db } from '../db/client';
import { challenges } from '../db/tables/challenges.tables';
import type { Scorer } from '../scoring/scorer';
import { checkPrompts, type CheckedPrompt } from './prompt-check';

export interface PoolCheckDeps {
  db: Db;
  scorer: Pick<Scorer, 'embed' | 'embedderId'>;
  /** How hard a prompt is to guess; without it the stored difficulty estimates, else prompt-check's proxy. */
  difficulty?: (prompt: string) => number;
}

interface PoolPrompt extends CheckedPrompt {
  id: string;
  difficulty: number | null;
}

/**
 * The difficulty the outlier check compares: the estimate stored at import (scoring/difficulty.ts) when every prompt
 * checked has one; with any prompt lacking it (a draft, a row older than the estimate), prompt-check's proxy for all,
 * since the two are on different scales. The estimate is how well short descriptions score (higher: easier), so the
 * check sees 100 minus it (higher: harder, as the proxy).
 */
function difficultyOf(deps: PoolCheckDeps, checked: Array<{ prompt: string }>, pool: PoolPrompt[]) {
  if (deps.difficulty) return deps.difficulty;
  const stored = new Map(pool.map((p) => [p.prompt, p.difficulty]));
  const all = checked.every((p) => typeof stored.get(p.prompt) === 'number');
  return all ? (prompt: string) => 100 - (stored.get(prompt) as number) : undefined;
}

async function enabledPrompts({ db, scorer }: PoolCheckDeps): Promise<PoolPrompt[]> {
  const rows = await db
    .select({
      id: challenges.id,
      prompt: challenges.prompt,
      embedding: challenges.promptEmbedding,
      embedderId: challenges.embedderId,
      difficulty: challenges.difficulty,
    })
    .from(challenges)
    .where(eq(challenges.disabled, false));
  return rows.map((row) => ({
    id: row.id,
    prompt: row.prompt,
    difficulty: row.difficulty,
    embedding: row.embedderId === scorer.embedderId && row.embedding ? row.embedding : undefined,
  }));
}

const embedWith = (deps: PoolCheckDeps) => (texts: string[]) => deps.scorer.embed(texts);

/** Flags for prompts about to join the pool (or just joined): among themselves, and against the rest of the pool. */
export async function checkNewPrompts(deps: PoolCheckDeps, prompts: string[]): Promise<PromptFlag[]> {
  const pool = await enabledPrompts(deps);
  const fresh = new Set(prompts);
  const stored = new Map(pool.filter((p) => fresh.has(p.prompt)).map((p) => [p.prompt, p.embedding]));
  const checked = prompts.map((prompt) => ({ prompt, embedding: stored.get(prompt) }));
  return checkPrompts(checked, {
    embed: embedWith(deps),
    existing: pool.filter((p) => !fresh.has(p.prompt)),
    difficulty: difficultyOf(deps, checked, pool),
  });
}

/** Every flag over the enabled pool, each naming its challenges so the console can disable them in one click. */
export async function checkWholePool(deps: PoolCheckDeps): Promise<{ checked: number; flags: PromptFlag[] }> {
  const pool = await enabledPrompts(deps);
  const idOf = new Map(pool.map((p) => [p.prompt, p.id]));
  const flags = await checkPrompts(pool, { embed: embedWith(deps), difficulty: difficultyOf(deps, pool, pool) });
  return {
    checked: pool.length,
    flags: flags.map((flag) => ({
      ...flag,
      challengeId: idOf.get(flag.prompt),
      otherChallengeId: flag.other === undefined ? undefined : idOf.get(flag.other),
    })),
  };
}

/**
 * Checks a set of prompts before (or after) they reach players: near-duplicate pairs by the scoring model (two
 * neighbours would share one answer), prompts too short to be fair (typed exactly by chance), too generic (nothing
 * specific to see), and difficulty outliers. Pure but for the embedding function handed in; every way into the pool
 * (pack upload, CLI import, generation, compose) and the console's pool check use it.
 */
import type { PromptFlagKind } from '@contracts/admin-challenges.rules';
import { cosineOfNormalised } from '../scoring/embedder';

/** Fewer words than this and a player can type the prompt exactly by chance. */
export const MIN_PROMPT_WORDS = 4;
/**
 * Cosine of the scorer's embeddings (MiniLM, prepared text) from which two prompts count as near-duplicates: pairs that
 * differ in one word or one preposition measure 0.93–0.99, pairs that differ only in the verb 0.87–0.91, while distinct
 * composed scenes stay below 0.68 (99.9th percentile); BENCHMARKS.md "Prompt near-duplicates".
 */
export const NEAR_DUPLICATE_COSINE = 0.85;
/** A prompt with fewer words than this that are neither small words nor generic ones shows nothing specific. */
export const MIN_SPECIFIC_WORDS = 2;

/** Small words, and words that describe any picture: "a nice image of a man" says nothing a player could guess from. */
const GENERIC_WORDS = new Set(
  (
    'a an the of in on at to with and or by for from into onto over under near is are was be its it this that these those ' +
    'some any one two very nice good beautiful pretty cool great big small little picture image photo photograph painting ' +
    'drawing art artwork scene view thing things stuff something man woman person people guy someone object place ' +
    'background foreground style realistic detailed high quality 4k hd render illustration'
  ).split(' '),
);

export const promptWords = (prompt: string) => prompt.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
export const specificWords = (prompt: string) => promptWords(prompt).filter((word) => !GENERIC_WORDS.has(word));

export interface PromptFlag {
  kind: PromptFlagKind;
  prompt: string;
  /** The other prompt of a near-duplicate pair. */
  other?: string;
  /** Cosine of the pair (near duplicates) or the prompt's difficulty (outliers). */
  value?: number;
  /** What an organizer reads. */
  message: string;
}

export interface CheckedPrompt {
  prompt: string;
  /** Unit-length embedding from the scorer, when already known (stored with the challenge). */
  embedding?: readonly number[];
}

export interface CheckOptions {
  /** The scorer's embed (unit-length vectors); called once for every prompt without a stored embedding. */
  embed: (texts: string[]) => Promise<number[][]>;
  /** Prompts already in the pool: pairs between a new prompt and one of these are flagged too (not pairs among them). */
  existing?: CheckedPrompt[];
  /**
   * How hard a prompt is to guess (any scale, higher is harder). Without it a proxy: the number of specific words (a
   * long list of details is hard to guess in full, a bare subject easy).
   */
  difficulty?: (prompt: string) => number;
  nearDuplicateCosine?: number;
}

/** Pairs above the threshold, most similar first; `against` adds pairs between `items` and those (not among them). */
export function nearDuplicatePairs(
  items: Array<{ prompt: string; embedding: readonly number[] }>,
  threshold = NEAR_DUPLICATE_COSINE,
  against: Array<{ prompt: string; embedding: readonly number[] }> = [],
): Array<{ a: string; b: string; cosine: number }> {
  const pairs: Array<{ a: string; b: string; cosine: number }> = [];
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const cosine = cosineOfNormalised(items[i].embedding, items[j].embedding);
      if (cosine >= threshold) pairs.push({ a: items[i].prompt, b: items[j].prompt, cosine });
    }
    for (const other of against) {
      if (other.prompt === items[i].prompt) continue;
      const cosine = cosineOfNormalised(items[i].embedding, other.embedding);
      if (cosine >= threshold) pairs.push({ a: items[i].prompt, b: other.prompt, cosine });
    }
  }
  return pairs.sort((x, y) => y.cosine - x.cosine);
}

/**
 * Outliers of a difficulty: beyond 3 median absolute deviations from the median (needs 8 prompts to say anything). The
 * deviation counts as at least a quarter of the median, so a uniform set (composed prompts, one word apart) is not
 * cut at its edges.
 */
export function difficultyOutliers(
  prompts: string[],
  difficulty: (prompt: string) => number,
): Array<{ prompt: string; value: number; side: 'hard' | 'easy' }> {
  if (prompts.length < 8) return [];
  const values = prompts.map((prompt) => ({ prompt, value: difficulty(prompt) }));
  const median = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  const centre = median(values.map((v) => v.value));
  const spread = Math.max(median(values.map((v) => Math.abs(v.value - centre))), Math.abs(centre) / 4, 1e-9);
  return values
    .filter((v) => Math.abs(v.value - centre) / spread > 3)
    .map((v) => ({ prompt: v.prompt, value: v.value, side: v.value > centre ? ('hard' as const) : ('easy' as const) }));
}

/** How a flag's message quotes a prompt: whole up to 80 characters, else cut to 77 and an ellipsis. */
export const quote = (prompt: string) => `"${prompt.length > 80 ? `${prompt.slice(0, 77)}...` : prompt}"`;

/** Every flag for these prompts, near-duplicate pairs first. */
export async function checkPrompts(prompts: CheckedPrompt[], options: CheckOptions): Promise<PromptFlag[]> {
  const unique = [...new Map(prompts.map((p) => [p.prompt, p])).values()];
  const existing = options.existing ?? [];
  const missing = [...unique, ...existing].filter((p) => !p.embedding);
  const vectors = missing.length > 0 ? await options.embed(missing.map((p) => p.prompt)) : [];
  const embedded = new Map(missing.map((p, i) => [p.prompt, vectors[i]]));
  const withVector = (p: CheckedPrompt) => ({ prompt: p.prompt, embedding: p.embedding ?? embedded.get(p.prompt)! });

  const flags: PromptFlag[] = [];
  for (const pair of nearDuplicatePairs(unique.map(withVector), options.nearDuplicateCosine, existing.map(withVector))) {
    flags.push({
      kind: 'near_duplicate',
      prompt: pair.a,
      other: pair.b,
      value: Math.round(pair.cosine * 1000) / 1000,
      message: `${quote(pair.a)} and ${quote(pair.b)} are near-duplicates (similarity ${pair.cosine.toFixed(2)}): players would share one answer. Keep one.`,
    });
  }
  for (const { prompt } of unique) {
    const words = promptWords(prompt).length;
    if (words < MIN_PROMPT_WORDS) {
      flags.push({
        kind: 'too_short',
        prompt,
        value: words,
        message: `${quote(prompt)} has ${words} word${words === 1 ? '' : 's'}: players can type it exactly by chance (at least ${MIN_PROMPT_WORDS}).`,
      });
    } else if (specificWords(prompt).length < MIN_SPECIFIC_WORDS) {
      flags.push({
        kind: 'too_generic',
        prompt,
        message: `${quote(prompt)} is too generic: name what the picture shows (who, doing what, where).`,
      });
    }
  }
  const difficulty = options.difficulty ?? ((prompt: string) => specificWords(prompt).length);
  for (const outlier of difficultyOutliers(
    unique.map((p) => p.prompt),
    difficulty,
  )) {
    flags.push({
      kind: 'difficulty_outlier',
      prompt: outlier.prompt,
      value: outlier.value,
      message: `${quote(outlier.prompt)} is much ${outlier.side === 'hard' ? 'harder' : 'easier'} than the rest of these prompts: it may decide the contest.`,
    });
  }
  return flags;
}

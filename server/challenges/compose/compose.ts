/**
 * Composes challenge prompts offline from the curated vocabularies and a small grammar: concrete, image-friendly scenes
 * of 4–25 words, reproducible with a seed, and no two near-duplicates by the scoring model (each candidate is embedded
 * with the scorer and dropped when too close to one already kept).
 */
import { MAX_COMPOSE_COUNT } from '@contracts/admin-challenges.rules';
import { MIN_PROMPT_WORDS, NEAR_DUPLICATE_COSINE, promptWords } from '../prompt-check';
import { cosineOfNormalised } from '../../scoring/embedder';
import { ACTIONS, MOMENTS, POSES, THEME_NAMES, THEMES, type ThemeName } from './compose.vocabulary';

export const MAX_COMPOSED_WORDS = 25;
export { MAX_COMPOSE_COUNT } from '@contracts/admin-challenges.rules';

/** mulberry32: a tiny seeded generator, so a seed gives the same prompts on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)];

/** One scene of a theme, by one of the grammar's four shapes. */
export function composeOne(random: () => number, theme: ThemeName): string {
  const words = THEMES[theme];
  const subject = pick(random, words.subjects);
  const shape = random();
  if (shape < 0.35) return `${subject} ${pick(random, ACTIONS)} ${pick(random, words.objects)} ${pick(random, words.places)}`;
  if (shape < 0.7)
    return `${subject} ${pick(random, ACTIONS)} ${pick(random, words.objects)} ${pick(random, words.places)} ${pick(random, MOMENTS)}`;
  if (shape < 0.85) return `${subject} ${pick(random, POSES)} ${pick(random, words.places)} ${pick(random, MOMENTS)}`;
  const companion = pick(
    random,
    words.subjects.filter((other) => other !== subject),
  );
  return `${subject} and ${companion} ${pick(random, ACTIONS)} ${pick(random, words.objects)} ${pick(random, words.places)}`;
}

export interface ComposeOptions {
  count: number;
  /** Themes to draw from, in turn (default: every theme). */
  themes?: readonly ThemeName[];
  seed?: number;
  /** The scorer's embed (unit-length vectors), to keep near-duplicates out. */
  embed: (texts: string[]) => Promise<number[][]>;
  nearDuplicateCosine?: number;
  /** Prompts already in the pool (with their embeddings when known): composed ones stay clear of them too. */
  avoid?: Array<{ prompt: string; embedding?: readonly number[] }>;
}

export interface ComposeResult {
  prompts: string[];
  /** Candidates dropped as near-duplicates of one kept (or of the pool). */
  rejected: number;
  seed: number;
}

const BATCH = 64;

export async function composePrompts(options: ComposeOptions): Promise<ComposeResult> {
  const count = Math.max(0, Math.min(MAX_COMPOSE_COUNT, Math.floor(options.count)));
  const themes = options.themes && options.themes.length > 0 ? options.themes : THEME_NAMES;
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const threshold = options.nearDuplicateCosine ?? NEAR_DUPLICATE_COSINE;
  const random = seededRandom(seed);

  const avoidMissing = (options.avoid ?? []).filter((p) => !p.embedding);
  const avoidVectors = avoidMissing.length > 0 ? await options.embed(avoidMissing.map((p) => p.prompt)) : [];
  let missingIndex = 0;
  const kept: Array<{ prompt: string; embedding: readonly number[] }> = [];
  const pool = (options.avoid ?? []).map((p) => p.embedding ?? avoidVectors[missingIndex++]);
  const seen = new Set((options.avoid ?? []).map((p) => p.prompt.toLowerCase()));
  let rejected = 0;
  let turn = 0;
  // Enough tries for any sane request; a tiny theme asked for thousands stops here instead of looping.
  const maxCandidates = count * 20 + 200;
  let candidates = 0;
  while (kept.length < count && candidates < maxCandidates) {
    const batch: string[] = [];
    while (batch.length < BATCH && candidates < maxCandidates) {
      candidates++;
      const prompt = composeOne(random, themes[turn++ % themes.length]);
      const words = promptWords(prompt).length;
      if (words < MIN_PROMPT_WORDS || words > MAX_COMPOSED_WORDS || seen.has(prompt)) {
        rejected++;
        continue;
      }
      seen.add(prompt);
      batch.push(prompt);
    }
    if (batch.length === 0) continue;
    const vectors = await options.embed(batch);
    batch.forEach((prompt, i) => {
      if (kept.length >= count) return;
      const vector = vectors[i];
      const tooClose =
        kept.some((other) => cosineOfNormalised(vector, other.embedding) >= threshold) ||
        pool.some((other) => cosineOfNormalised(vector, other) >= threshold);
      if (tooClose) rejected++;
      else kept.push({ prompt, embedding: vector });
    });
  }
  return { prompts: kept.map((p) => p.prompt), rejected, seed };
}

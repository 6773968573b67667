import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cosineOfNormalised } from '../../scoring/embedder';
import { createScorer, type Scorer } from '../../scoring/scorer';
import { NEAR_DUPLICATE_COSINE, promptWords } from '../prompt-check';
import { composePrompts, MAX_COMPOSED_WORDS } from './compose';
import { THEMES } from './compose.vocabulary';

let scorer: Scorer;
beforeAll(async () => {
  scorer = await createScorer({ provider: 'minilm', workers: 1 });
});
afterAll(() => scorer?.close());

describe('composing prompts', () => {
  it('composes 300 distinct scenes of 4–25 words, no two near-duplicates by the scoring model, the same for the same seed', {
    timeout: 120_000,
  }, async () => {
    const embed = (texts: string[]) => scorer.embed(texts);
    const composed = await composePrompts({ count: 300, themes: ['space', 'food', 'animals'], seed: 42, embed });
    expect(composed.prompts).toHaveLength(300);
    expect(new Set(composed.prompts.map((p) => p.toLowerCase())).size).toBe(300);
    for (const prompt of composed.prompts) {
      const words = promptWords(prompt).length;
      expect(words, prompt).toBeGreaterThanOrEqual(4);
      expect(words, prompt).toBeLessThanOrEqual(MAX_COMPOSED_WORDS);
    }
    // Checked again from scratch with the scorer: every pair below the near-duplicate line.
    const vectors = await scorer.embed(composed.prompts);
    let closest = 0;
    for (let i = 0; i < vectors.length; i++)
      for (let j = i + 1; j < vectors.length; j++) closest = Math.max(closest, cosineOfNormalised(vectors[i], vectors[j]));
    expect(closest).toBeLessThan(NEAR_DUPLICATE_COSINE);
    // Every theme asked for is in there (each scene's subject comes from its theme).
    for (const theme of ['space', 'food', 'animals'] as const) {
      expect(composed.prompts.some((p) => THEMES[theme].subjects.some((subject) => p.startsWith(subject)))).toBe(true);
    }
    const again = await composePrompts({ count: 300, themes: ['space', 'food', 'animals'], seed: 42, embed });
    expect(again.prompts).toEqual(composed.prompts);
    const other = await composePrompts({ count: 20, themes: ['space', 'food', 'animals'], seed: 43, embed });
    expect(other.prompts).not.toEqual(composed.prompts.slice(0, 20));
  });

  it('stays clear of prompts already in the pool', async () => {
    const embed = (texts: string[]) => scorer.embed(texts);
    const first = await composePrompts({ count: 30, themes: ['ocean'], seed: 5, embed });
    const next = await composePrompts({ count: 30, themes: ['ocean'], seed: 5, embed, avoid: first.prompts.map((prompt) => ({ prompt })) });
    expect(next.prompts.filter((p) => first.prompts.includes(p))).toEqual([]);
  });
});

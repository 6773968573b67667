/** The difficulty estimate: short, natural descriptions of a prompt, scored by the real model (MiniLM int8). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateDifficulty, HARD_TO_SCORE_BELOW, isHardToScore } from './difficulty';
import { createScorer, type Scorer } from './scorer';
import { shortDescriptions } from './scoring.lexical';

describe('short descriptions of a prompt', () => {
  it('are its subject, and its subject with what it does, without framing or style', () => {
    expect(shortDescriptions('A chef tossing vegetables in a flaming wok')).toEqual(['a chef', 'a chef tossing vegetables']);
    expect(shortDescriptions('a high quality photo of an astronaut riding a horse on the moon')).toEqual([
      'an astronaut',
      'an astronaut riding a horse',
    ]);
    expect(shortDescriptions('A painting of a vase on a wooden table, dark background, still life.')).toEqual(['a vase']);
    expect(shortDescriptions('pretty curly-haired redhead woman')).toEqual(['woman']);
  });

  it('of a prompt that is only its subject, is its head noun; none when nothing is shorter', () => {
    expect(shortDescriptions('mountain man')).toEqual(['man']);
    expect(shortDescriptions('sunset')).toEqual([]);
    expect(shortDescriptions('a photo of')).toEqual([]);
  });
});

describe('estimateDifficulty (MiniLM)', () => {
  let scorer: Scorer;
  beforeAll(async () => {
    scorer = await createScorer({ provider: 'minilm', workers: 1 });
  });
  afterAll(async () => {
    await scorer.close();
  });

  it('is high where a short description captures the picture, and flags an image a good description cannot score on', async () => {
    const prompts = ['a photograph of an orange tabby cat sitting on a couch', 'mountain man', 'sunset'];
    const [easy, hard, single] = await estimateDifficulty(scorer, prompts, await scorer.embedPrompts(prompts));
    expect(easy).toBeGreaterThan(80);
    expect(hard).toBeLessThan(HARD_TO_SCORE_BELOW);
    expect(isHardToScore(hard)).toBe(true);
    expect(isHardToScore(easy)).toBe(false);
    expect(isHardToScore(null)).toBe(false);
    // One word has no shorter description: nothing to lose.
    expect(single).toBe(100);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScorer, type Scorer } from '../scoring/scorer';
import { checkPrompts, difficultyOutliers } from './prompt-check';

let scorer: Scorer;
beforeAll(async () => {
  scorer = await createScorer({ provider: 'minilm', workers: 1 });
});
afterAll(() => scorer?.close());

const embed = (texts: string[]) => scorer.embed(texts);

describe('checking prompts', () => {
  it('names both prompts of a near-duplicate pair, and flags short and generic prompts', async () => {
    const flags = await checkPrompts(
      [
        'a red fox juggling oranges in a busy market at dawn',
        'a red fox juggling oranges at a busy market at dawn',
        'an astronaut watering a potted plant inside a space station',
        'mountain man',
        'a nice picture of a man',
      ].map((prompt) => ({ prompt })),
      { embed },
    );
    expect(flags.map((flag) => [flag.kind, flag.prompt, flag.other])).toEqual([
      ['near_duplicate', 'a red fox juggling oranges in a busy market at dawn', 'a red fox juggling oranges at a busy market at dawn'],
      ['too_short', 'mountain man', undefined],
      ['too_generic', 'a nice picture of a man', undefined],
    ]);
    expect(flags[0].message).toContain('"a red fox juggling oranges at a busy market at dawn"');
  });

  it('compares new prompts with the pool, not the pool with itself', async () => {
    const flags = await checkPrompts([{ prompt: 'a penguin wearing a tiny crown on a frozen pond at night' }], {
      embed,
      existing: [
        { prompt: 'a penguin wearing a tiny crown on a frozen pond at dawn' },
        { prompt: 'a sea turtle on a coral reef' },
        { prompt: 'a sea turtle on a coral reef at noon' },
      ],
    });
    expect(flags.map((flag) => [flag.kind, flag.other])).toEqual([
      ['near_duplicate', 'a penguin wearing a tiny crown on a frozen pond at dawn'],
    ]);
  });

  it('flags difficulty outliers by the function handed in', () => {
    const prompts = Array.from({ length: 10 }, (_, i) => `prompt ${i}`);
    const difficulty = (prompt: string) => (prompt === 'prompt 3' ? 150 : 50 + Number(prompt.slice(-1)));
    expect(difficultyOutliers(prompts, difficulty)).toEqual([{ prompt: 'prompt 3', value: 150, side: 'hard' }]);
    expect(difficultyOutliers(prompts.slice(0, 5), difficulty)).toEqual([]);
  });
});

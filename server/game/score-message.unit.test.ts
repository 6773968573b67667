import { describe, expect, it } from 'vitest';
import { scoreMessage } from './score-message';

describe('the message about a score', () => {
  it.each([
    [100, 'Perfect! 100.0%'],
    [91.2, 'Spot on! 91.2% match'],
    [85, 'Spot on! 85.0% match'],
    [72.35, 'So close! 72.3% match'],
    [50, 'Getting warm: 50.0% match'],
    [30.1, 'Some of it is there: 30.1% match'],
    [0, 'Not quite: 0.0% match'],
  ])('%d → %s…', (score, start) => {
    expect(scoreMessage(score).startsWith(start)).toBe(true);
  });
});

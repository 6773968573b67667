import { describe, expect, it } from 'vitest';
import { tieBreakFigures, tieBreakFiguresSpoken, tiedKeys, tieWithAbove } from './tie-break';

const rank = (over: Partial<Parameters<typeof tieWithAbove>[0]>) => ({
  rank: 2,
  score: 100,
  guessesUsed: 2,
  thinkingSeconds: 12.4,
  nextRankScore: 100,
  nextRankGuessesUsed: 1,
  nextRankThinkingSeconds: 20,
  ...over,
});

describe('what broke a tie', () => {
  it('names guesses and thinking time', () => {
    expect(tieBreakFigures({ guessesUsed: 1, thinkingSeconds: 12.4 })).toBe('1 guess · 12.4 s');
    expect(tieBreakFigures({ guessesUsed: 3, thinkingSeconds: 0 })).toBe('3 guesses · 0.0 s');
    expect(tieBreakFigures({ guessesUsed: 2, thinkingSeconds: null })).toBe('2 guesses');
    expect(tieBreakFiguresSpoken({ guessesUsed: 1, thinkingSeconds: 12.4 })).toBe('1 guess, 12.4 seconds of thinking');
  });

  it('marks only rows that share a score', () => {
    const keys = tiedKeys([
      { key: 'a', score: 100 },
      { key: 'b', score: 100 },
      { key: 'c', score: 99.9 },
      { key: 'd', score: 50 },
      { key: 'e', score: 50 },
    ]);
    expect([...keys].sort()).toEqual(['a', 'b', 'd', 'e']);
  });

  it("explains the rank card's tie with the player above, by the rule that broke it", () => {
    expect(tieWithAbove(rank({}))).toBe('#2: same score, one guess more than #1');
    expect(tieWithAbove(rank({ rank: 5, guessesUsed: 3, nextRankGuessesUsed: 1 }))).toBe('#5: same score, two guesses more than #4');
    expect(tieWithAbove(rank({ guessesUsed: 1, thinkingSeconds: 23.1 }))).toBe('#2: same score and guesses, 3.1 s more thinking than #1');
    expect(tieWithAbove(rank({ guessesUsed: 1, thinkingSeconds: 20 }))).toBe('#2: same score, guesses and time: #1 finished first');
    expect(tieWithAbove(rank({ score: 99.9 }))).toBeNull();
    expect(tieWithAbove(rank({ rank: 1, nextRankScore: null }))).toBeNull();
    expect(tieWithAbove(rank({ rank: null, score: null }))).toBeNull();
  });
});

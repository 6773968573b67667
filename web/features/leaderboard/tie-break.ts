/**
 * What broke a tie on score, in words: the ranking (server/db/ranking.ts) puts fewer guesses first, then less thinking
 * time (time to the best guess less typing), then whoever finished first. Shown on tied rows, the podium and the
 * player's rank card, so nobody has to guess why two 100.0 % rows are in that order.
 */
import type { LeaderboardEntry, MyRank } from '@contracts/leaderboard';

type TieFigures = Pick<LeaderboardEntry, 'guessesUsed' | 'thinkingSeconds'>;

const seconds = (value: number) => `${value.toFixed(1)} s`;

/** "1 guess · 12.4 s": the guesses used to reach the score and the thinking time. */
export function tieBreakFigures(entry: TieFigures): string {
  const guesses = `${entry.guessesUsed} ${entry.guessesUsed === 1 ? 'guess' : 'guesses'}`;
  return entry.thinkingSeconds === null ? guesses : `${guesses} · ${seconds(entry.thinkingSeconds)}`;
}

/** The same for a screen reader: "1 guess, 12.4 seconds of thinking". */
export function tieBreakFiguresSpoken(entry: TieFigures): string {
  const guesses = `${entry.guessesUsed} ${entry.guessesUsed === 1 ? 'guess' : 'guesses'}`;
  return entry.thinkingSeconds === null ? guesses : `${guesses}, ${entry.thinkingSeconds.toFixed(1)} seconds of thinking`;
}

/** The keys of entries that share their score with another entry shown (ranked on one decimal, as shown). */
export function tiedKeys(entries: Array<Pick<LeaderboardEntry, 'key' | 'score'>>): Set<string> {
  const counts = new Map<number, number>();
  for (const entry of entries) counts.set(entry.score, (counts.get(entry.score) ?? 0) + 1);
  return new Set(entries.filter((entry) => (counts.get(entry.score) ?? 0) > 1).map((entry) => entry.key));
}

const countWords = ['zero', 'one', 'two', 'three'];

/**
 * The rank card's line when the player ties the one above on score: "#2: same score, one guess more than #1";
 * "#2: same score and guesses, 3.1 s more thinking than #1"; "#2: same score, guesses and time: #1 finished first".
 * Null when there is no tie to explain.
 */
export function tieWithAbove(
  rank: Pick<
    MyRank,
    'rank' | 'score' | 'guessesUsed' | 'thinkingSeconds' | 'nextRankScore' | 'nextRankGuessesUsed' | 'nextRankThinkingSeconds'
  >,
): string | null {
  if (rank.rank === null || rank.rank < 2 || rank.score === null || rank.nextRankScore === null) return null;
  if (rank.score !== rank.nextRankScore) return null;
  const me = `#${rank.rank}`;
  const above = `#${rank.rank - 1}`;
  if (rank.guessesUsed !== null && rank.nextRankGuessesUsed !== null && rank.guessesUsed !== rank.nextRankGuessesUsed) {
    const more = rank.guessesUsed - rank.nextRankGuessesUsed;
    return `${me}: same score, ${countWords[more] ?? more} ${more === 1 ? 'guess' : 'guesses'} more than ${above}`;
  }
  if (rank.thinkingSeconds !== null && rank.nextRankThinkingSeconds !== null && rank.thinkingSeconds !== rank.nextRankThinkingSeconds) {
    const more = Math.round((rank.thinkingSeconds - rank.nextRankThinkingSeconds) * 10) / 10;
    return `${me}: same score and guesses, ${seconds(more)} more thinking than ${above}`;
  }
  return `${me}: same score, guesses and time: ${above} finished first`;
}

import { formatScore } from '@contracts/game.rules';

/** The toast title after a guess: a short, friendly sentence about the score. */
export function scoreMessage(score: number): string {
  const percent = formatScore(score);
  if (score >= 100) return `Perfect! ${percent} — you read the machine's mind`;
  if (score >= 85) return `Spot on! ${percent} match`;
  if (score >= 70) return `So close! ${percent} match`;
  if (score >= 50) return `Getting warm: ${percent} match`;
  if (score >= 25) return `Some of it is there: ${percent} match`;
  return `Not quite: ${percent} match. Try a new angle!`;
}

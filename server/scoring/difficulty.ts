/**
 * How hard a challenge is to score on: the mean score of short, natural descriptions of its prompt (its head noun, its
 * subject, its subject with what it does: scoring.lexical shortDescriptions), scored as guesses against the prompt.
 * Worked out once per challenge where its prompt is embedded (imports, generated images) and stored with it; organizers
 * see it in the pool, and a challenge on which a good description cannot score is flagged there and in the import's
 * result. Design: docs/decisions/052-score-means-the-same-on-every-image.md
 */
import { HARD_TO_SCORE_BELOW } from '@contracts/admin-challenges.rules';
import type { PromptVectors, Scorer } from './scorer';
import { shortDescriptions } from './scoring.lexical';

/** Below HARD_TO_SCORE_BELOW, a short, natural description cannot score on the image: flagged for the organizer. */
export { HARD_TO_SCORE_BELOW };

/** The difficulty estimate of each prompt (0..100, one decimal; higher is easier), from its stored vectors. */
export async function estimateDifficulty(scorer: Scorer, prompts: string[], vectors: PromptVectors[]): Promise<number[]> {
  const descriptions = prompts.map((prompt) => shortDescriptions(prompt));
  const scores = await scorer.scoreMany(
    prompts.flatMap((prompt, i) =>
      descriptions[i].map((guess) => ({ prompt, guess, promptEmbedding: vectors[i].embedding, promptViews: vectors[i].views })),
    ),
  );
  let next = 0;
  return descriptions.map((list) => {
    // A prompt with no shorter description (a word or two) is its own short description: nothing to lose.
    if (list.length === 0) return 100;
    const mine = scores.slice(next, (next += list.length));
    return Math.round((10 * mine.reduce((sum, score) => sum + score, 0)) / mine.length) / 10;
  });
}

export function isHardToScore(difficulty: number | null | undefined): boolean {
  return difficulty !== null && difficulty !== undefined && difficulty < HARD_TO_SCORE_BELOW;
}

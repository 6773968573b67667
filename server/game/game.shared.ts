/** What the game's operations share: an attempt row as its owner sees it (never the prompt before the end), and the deps. */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Attempt } from '@contracts/game';
import { GUESSES_PER_CHALLENGE } from '@contracts/game.rules';
import type { Db } from '../db/client';
import type { LimitStore } from '../limits/limits.store';
import { attempts, challenges } from '../db/tables/game.tables';
import type { Scorer } from '../scoring/scorer';
import { imageUrlFor } from '../storage/image-storage';

export type AttemptRow = typeof attempts.$inferSelect;

export interface GameServiceDeps {
  db: Db;
  scorer: Scorer;
  /** Counts each player's guesses (game.guess.ts). */
  limits: LimitStore;
  log?: FastifyBaseLogger;
}

export const guessColumns = [attempts.guess1, attempts.guess2, attempts.guess3] as const;

// Scores are stored already rounded to a tenth (calibratedScore); real columns read back as that same decimal.
function guessesOf(row: AttemptRow) {
  const slots = [
    [row.guess1, row.score1],
    [row.guess2, row.score2],
    [row.guess3, row.score3],
  ] as const;
  return slots.flatMap(([text, score], index) => (text === null ? [] : [{ number: index + 1, text, score: score ?? 0 }]));
}

/** 1–3 for the next guess, null once complete (guesses fill in order). */
export function nextGuessNumber(row: AttemptRow): number | null {
  const made = guessesOf(row).length;
  return made >= GUESSES_PER_CHALLENGE ? null : made + 1;
}

/** The owner's view. The prompt is only passed on once the third guess is in. */
export function toAttempt(row: AttemptRow, imageKey: string, prompt: string | null): Attempt {
  const complete = row.guess3 !== null;
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    imageUrl: imageUrlFor(imageKey),
    guesses: guessesOf(row),
    nextGuessNumber: nextGuessNumber(row),
    finalScore: row.finalScore,
    completedAt: row.completedAt?.toISOString() ?? null,
    prompt: complete ? prompt : null,
  };
}

/** Reads select the prompt only for complete attempts, so an unfinished one never carries it. */
export const attemptView = {
  attempt: attempts,
  imageKey: challenges.imageKey,
  revealedPrompt: sql<string | null>`case when ${attempts.guess3} is not null then ${challenges.prompt} end`,
};

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

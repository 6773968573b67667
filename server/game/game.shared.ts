/** What the game's operations share: an attempt row as its owner sees it (never the prompt before the end), and the deps. */
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Attempt } from '@contracts/game';
import { GUESSES_PER_CHALLENGE } from '@contracts/game.rules';
import type { Db } from '../db/client';
import { finalWhistle } from '../db/ranking';
import type { LimitStore } from '../limits/limits.store';
import { attempts } from '../db/tables/game.tables';
import { challenges } from '../db/tables/challenges.tables';
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

/**
 * 1–3 for the next guess, null once complete (guesses fill in order): after the third guess, or at once after a
 * guess that scores 100 % (nothing is left to find).
 */
export function nextGuessNumber(row: AttemptRow): number | null {
  if (row.completedAt !== null) return null;
  const made = guessesOf(row).length;
  return made >= GUESSES_PER_CHALLENGE ? null : made + 1;
}

/**
 * Whether a game can count for prizes, as its player is told (docs/decisions/050): practice (the starter pack, while
 * the organizer does not count it), and after the final whistle (completed after the results locked, or unfinished
 * while they are locked).
 */
export interface AttemptStanding {
  practice: boolean;
  afterFinalWhistle: boolean;
}
const COUNTS: AttemptStanding = { practice: false, afterFinalWhistle: false };

/** Completed (or, unfinished, now) after the results locked; never while nothing is locked (the whistle is infinity). */
const afterFinalWhistleAt = (completedAt: SQL) => sql<boolean>`coalesce(${completedAt}, now()) > ${finalWhistle}`;

/** The standing as SQL columns over `attempts` joined with `challenges` (one round trip with the attempt). */
export const standingColumns = {
  practice: sql<boolean>`(${challenges.practice} and not coalesce((select practice_counts from event_settings where id = 1), false))`,
  afterFinalWhistle: afterFinalWhistleAt(sql`${attempts.completedAt}`),
};

const standingOf = (row: { practice: boolean; afterFinalWhistle: boolean } | undefined): AttemptStanding =>
  row ? { practice: Boolean(row.practice), afterFinalWhistle: Boolean(row.afterFinalWhistle) } : COUNTS;

/**
 * An attempt's standing from what its row already says (its challenge, its completion): the challenge and the event
 * settings are read, the attempt is not, so the guess path keeps to one statement on `attempts` (decision 044).
 */
export async function readStanding(db: Db, attempt: Pick<AttemptRow, 'challengeId' | 'completedAt'>): Promise<AttemptStanding> {
  const completedAt = attempt.completedAt?.toISOString() ?? null;
  const [row] = await db
    .select({ practice: standingColumns.practice, afterFinalWhistle: afterFinalWhistleAt(sql`${completedAt}::timestamptz`) })
    .from(challenges)
    .where(sql`${challenges.id} = ${attempt.challengeId}`);
  return standingOf(row);
}

/** One attempt's standing by its id (a replayed answer, which carries no row). */
export async function readStandingById(db: Db, attemptId: string): Promise<AttemptStanding> {
  const [row] = await db
    .select(standingColumns)
    .from(attempts)
    .innerJoin(challenges, sql`${challenges.id} = ${attempts.challengeId}`)
    .where(sql`${attempts.id} = ${attemptId}`);
  return standingOf(row);
}

/** The owner's view. The prompt is only passed on once the attempt is complete. */
export function toAttempt(row: AttemptRow, imageKey: string, prompt: string | null, standing: AttemptStanding = COUNTS): Attempt {
  const complete = row.completedAt !== null;
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    imageUrl: imageUrlFor(imageKey),
    guesses: guessesOf(row),
    nextGuessNumber: nextGuessNumber(row),
    finalScore: row.finalScore,
    completedAt: row.completedAt?.toISOString() ?? null,
    prompt: complete ? prompt : null,
    practice: standing.practice,
    afterFinalWhistle: standing.afterFinalWhistle,
  };
}

/** Reads select the prompt only for complete attempts, so an unfinished one never carries it. */
export const attemptView = {
  attempt: attempts,
  imageKey: challenges.imageKey,
  revealedPrompt: sql<string | null>`case when ${attempts.completedAt} is not null then ${challenges.prompt} end`,
  ...standingColumns,
};

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A guess: scored against the prompt and stored in the next free slot, once (a resend with its key gets the first answer). */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { GuessResponse } from '@contracts/game';
import { GUESSES_PER_CHALLENGE } from '@contracts/game.rules';
import { announceLeaderboardChange } from '../db/channels';
import { attempts, challenges } from '../db/tables/game.tables';
import type { PromptVectors } from '../scoring/scorer';
import { gameErrors, scoringRefusal } from './game.errors';
import { type AttemptRow, type GameServiceDeps, guessColumns, nextGuessNumber, toAttempt } from './game.shared';
import { scoreMessage } from './score-message';

/**
 * The answer to a guess stored earlier under `idempotencyKey` in this attempt (null when none was): the same message,
 * slot and attempt view as when it was first stored (later guesses included), so a retry is answered as the original.
 */
function storedGuessResult(row: AttemptRow, imageKey: string, prompt: string, idempotencyKey: string): GuessResponse | null {
  const keys = [row.guess1Key, row.guess2Key, row.guess3Key];
  const index = keys.indexOf(idempotencyKey);
  if (index < 0) return null;
  const score = [row.score1, row.score2, row.score3][index] ?? 0;
  return { message: scoreMessage(score), guessNumber: index + 1, attempt: toAttempt(row, imageKey, prompt) };
}

/** Prompt embeddings kept in memory per game service (384 floats each for MiniLM: ~3 MB at this size). */
const PROMPT_EMBEDDING_CACHE_SIZE = 2000;

export function createSubmitGuess({ db, scorer, log }: GameServiceDeps) {
  /**
   * The stored prompt vectors (the prompt's embedding and its views'), recomputed once when they were made by
   * another embedder or before the current view rules. They never change for one embedder, so they are kept in
   * memory (bounded) instead of being read and parsed per guess.
   */
  const embeddingCache = new Map<string, PromptVectors>();
  async function promptVectorsFor(challenge: { id: string; prompt: string; embedderId: string | null }): Promise<PromptVectors> {
    // Keyed by the prompt text too, so an edited prompt is never scored against its old embedding.
    const key = `${challenge.id}\n${challenge.prompt}`;
    const cached = embeddingCache.get(key);
    if (cached) return cached;
    let vectors: PromptVectors | null = null;
    if (challenge.embedderId === scorer.embedderId) {
      const [row] = await db
        .select({ embedding: challenges.promptEmbedding, views: challenges.promptViews })
        .from(challenges)
        .where(and(eq(challenges.id, challenge.id), eq(challenges.prompt, challenge.prompt)));
      if (row?.embedding && scorer.hasAllViews(challenge.prompt, row.views)) vectors = { embedding: row.embedding, views: row.views! };
    }
    if (!vectors) {
      [vectors] = await scorer.embedPrompts([challenge.prompt]);
      await db
        .update(challenges)
        .set({ promptEmbedding: vectors.embedding, promptViews: vectors.views, embedderId: scorer.embedderId })
        .where(and(eq(challenges.id, challenge.id), eq(challenges.prompt, challenge.prompt)));
    }
    if (embeddingCache.size >= PROMPT_EMBEDDING_CACHE_SIZE) embeddingCache.delete(embeddingCache.keys().next().value!);
    embeddingCache.set(key, vectors);
    return vectors;
  }

  /**
   * The guess path's statements, built once and prepared (drizzle builds no SQL per guess; PostgreSQL parses and
   * plans them once per connection): the attempt with its challenge, and the store of slot 1, 2 or 3.
   */
  const guessStatements = {
    attempt: db
      .select({
        attempt: attempts,
        imageKey: challenges.imageKey,
        challenge: { id: challenges.id, prompt: challenges.prompt, embedderId: challenges.embedderId },
      })
      .from(attempts)
      .innerJoin(challenges, eq(attempts.challengeId, challenges.id))
      .where(and(eq(attempts.id, sql.placeholder('attemptId')), eq(attempts.userId, sql.placeholder('userId'))))
      .prepare('guess_attempt'),
    store: [1, 2, 3].map((slot) => {
      const guess = sql`${sql.placeholder('guess')}`;
      const score = sql`${sql.placeholder('score')}::real`;
      const key = sql`${sql.placeholder('key')}`;
      const values: PgUpdateSetSource<typeof attempts> =
        slot === 1
          ? { guess1: guess, score1: score, guess1At: sql`now()`, guess1Key: key }
          : slot === 2
            ? { guess2: guess, score2: score, guess2At: sql`now()`, guess2Key: key }
            : {
                guess3: guess,
                score3: score,
                guess3Key: key,
                finalScore: sql`${sql.placeholder('finalScore')}::real`,
                completedAt: sql`now()`,
              };
      return db
        .update(attempts)
        .set(values)
        .where(
          and(
            eq(attempts.id, sql.placeholder('attemptId')),
            eq(attempts.userId, sql.placeholder('userId')),
            isNull(guessColumns[slot - 1]),
            slot > 1 ? isNotNull(guessColumns[slot - 2]) : undefined,
          ),
        )
        .returning()
        .prepare(`guess_store_${slot}`);
    }),
  };

  /**
   * Scores a guess and stores it in the next free slot with one conditional UPDATE: of several concurrent
   * submissions for one slot exactly one matches `guess_N is null`; the others get SLOT_TAKEN.
   */
  async function submitGuess(
    userId: string,
    attemptId: string,
    guess: string,
    expectedNumber: number,
    idempotencyKey?: string,
  ): Promise<GuessResponse> {
    const [found] = await guessStatements.attempt.execute({ attemptId, userId });
    // Someone else's attempt looks exactly like a missing one.
    if (!found) throw gameErrors.attemptNotFound();
    // A resend of a guess already stored (its answer was lost): the stored result, whatever the slot shows now.
    const replay = idempotencyKey ? storedGuessResult(found.attempt, found.imageKey, found.challenge.prompt, idempotencyKey) : null;
    if (replay) return replay;
    const slot = nextGuessNumber(found.attempt);
    if (slot === null) throw gameErrors.attemptComplete();
    // The client names the slot it shows: a double-tap or a second tab cannot fill the next slot by accident.
    if (expectedNumber !== slot) throw gameErrors.slotTaken();

    let score: number;
    try {
      const { embedding: promptEmbedding, views: promptViews } = await promptVectorsFor(found.challenge);
      score = await scorer.score({ prompt: found.challenge.prompt, promptEmbedding, promptViews, guess });
    } catch (error) {
      // Past saturation the scorer refuses instead of queueing for seconds; the guess was not stored.
      throw scoringRefusal(error);
    }

    const finalScore = slot === GUESSES_PER_CHALLENGE ? Math.max(found.attempt.score1 ?? 0, found.attempt.score2 ?? 0, score) : null;
    const [updated] = await guessStatements.store[slot - 1].execute({
      attemptId,
      userId,
      guess,
      score,
      finalScore,
      key: idempotencyKey ?? null,
    });
    if (!updated) {
      // Another send filled the slot first: when it was this same guess (a retry that overtook the original), its result.
      if (idempotencyKey) {
        const [now] = await db
          .select()
          .from(attempts)
          .where(and(eq(attempts.id, attemptId), eq(attempts.userId, userId)));
        const replayed = now ? storedGuessResult(now, found.imageKey, found.challenge.prompt, idempotencyKey) : null;
        if (replayed) return replayed;
      }
      throw gameErrors.slotTaken();
    }

    if (updated.guess3 !== null) {
      await announceLeaderboardChange(db, log);
    }
    return {
      message: scoreMessage(score),
      guessNumber: slot,
      attempt: toAttempt(updated, found.imageKey, found.challenge.prompt),
    };
  }

  return submitGuess;
}

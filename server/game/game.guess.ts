/**
 * A guess: scored against the prompt and stored in the next free slot, once (a resend with its key gets the first answer).
 * At an attempt this instance knows (game.attempt-facts.ts) it goes straight to the store; otherwise it reads it first.
 */
import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { GuessResponse } from '@contracts/game';
import { GUESSES_PER_CHALLENGE } from '@contracts/game.rules';
import { announceLeaderboardChange } from '../db/channels';
import { attempts, challenges } from '../db/tables/game.tables';
import { windowRules } from '../limits/limits.rules';
import { countOneHit, oneHitValues, type Verdict, verdictOf } from '../limits/limits.store';
import type { PromptVectors } from '../scoring/scorer';
import { gameErrors, scoringRefusal } from './game.errors';
import { type AttemptRow, type GameServiceDeps, guessColumns, nextGuessNumber, toAttempt } from './game.shared';
import { scoreMessage } from './score-message';
import type { AttemptFactsStore, GuessChallenge } from './game.attempt-facts';

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

/** A scored guess on its way to its slot, with what its answer shows. */
interface ScoredGuess {
  userId: string;
  attemptId: string;
  guess: string;
  slot: number;
  score: number;
  /** The attempt's earlier scores (the final score is the best of three). */
  before: { score1: number | null; score2: number | null };
  imageKey: string;
  prompt: string;
  idempotencyKey: string | undefined;
}

/**
 * Guesses per player, counted by the game itself (with the store when it can): real play needs 3 per game; this only
 * stops scripted hammering of the scorer.
 */
export const GUESS_RATE_LIMIT = windowRules.guessPerPlayer;
const GUESS_RATE_LIMITED_MESSAGE = 'Too many guesses in a short time. Take a breath and try again in a minute.';

export function createSubmitGuess({ db, scorer, limits, log }: GameServiceDeps, attemptFacts: AttemptFactsStore) {
  /**
   * The stored prompt vectors (the prompt's embedding and its views'), recomputed once when they were made by
   * another embedder or before the current view rules. They never change for one embedder, so they are kept in
   * memory (bounded) instead of being read and parsed per guess.
   */
  async function promptVectorsFor(challenge: GuessChallenge): Promise<PromptVectors> {
    // Kept with the challenge's prompt text, so an edited prompt is never scored against its old embedding.
    const cached = attemptFacts.promptVectors(challenge);
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
    attemptFacts.rememberPromptVectors(challenge, vectors);
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
    store: [1, 2, 3].map((slot) => storeUpdate(slot).returning().prepare(`guess_store_${slot}`)),
    /**
     * The same store, and the guess counted against GUESS_RATE_LIMIT in the same statement (one round trip): the
     * counter's upsert, then the UPDATE only while the count is within the limit. Answers the count and the row stored
     * (null when over the limit, or when the slot's UPDATE matched nothing).
     */
    countAndStore: [1, 2, 3].map((slot) => {
      const hit = db.$with('hit').as(countOneHit(db));
      const stored = db
        .$with('stored')
        .as(storeUpdate(slot, sql`(select ${hit.count} from ${hit}) <= ${GUESS_RATE_LIMIT.max}`).returning());
      return db.with(hit, stored).select().from(hit).leftJoin(stored, sql`true`).prepare(`guess_count_store_${slot}`);
    }),
  };

  /** The conditional UPDATE of slot `slot`: this player's attempt, the slot empty and the one before filled. */
  function storeUpdate(slot: number, andAlso?: SQL) {
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
          andAlso,
        ),
      );
  }

  /**
   * Players this instance saw refused by GUESS_RATE_LIMIT, until their window ends: their next guesses are counted, and
   * refused, before anything is read or scored.
   */
  const limitedUntil = new LRUCache<string, number>({ max: 10_000 });
  function refuseOverLimit(userId: string, verdict: Verdict, now: number): never {
    limitedUntil.set(userId, now + verdict.retryAfterSeconds * 1000);
    throw gameErrors.rateLimited(GUESS_RATE_LIMITED_MESSAGE, verdict.retryAfterSeconds);
  }

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
    // The slot this instance saw last is the one the client names: scored, then counted and stored in one statement.
    const now = limits.clock();
    const known = attemptFacts.get(attemptId);
    const knownChallenge = known && attemptFacts.challenge(known.challengeId);
    const limited = (limitedUntil.get(userId) ?? 0) > now;
    let counted = false;
    if (known && knownChallenge && known.userId === userId && known.nextSlot === expectedNumber && !limited) {
      const score = await scoreGuess(knownChallenge, guess);
      const answer = await store(
        {
          userId,
          attemptId,
          guess,
          slot: expectedNumber,
          score,
          before: known,
          imageKey: known.imageKey,
          prompt: knownChallenge.prompt,
          idempotencyKey,
        },
        now,
      );
      if (answer) return answer;
      // Counted, but filled or gone since: the full path reads the attempt and answers as it finds it (a resend gets
      // its stored result).
      attemptFacts.forget(attemptId);
      counted = true;
    }
    // Every other guess is counted first, and one over the limit refused before it is read or scored.
    if (!counted) {
      const verdict = await limits.hit([{ rule: GUESS_RATE_LIMIT, on: userId, subject: userId }]);
      if (!verdict.allowed) refuseOverLimit(userId, verdict, now);
    }

    const [found] = await guessStatements.attempt.execute({ attemptId, userId });
    // Someone else's attempt looks exactly like a missing one.
    if (!found) throw gameErrors.attemptNotFound();
    attemptFacts.rememberChallenge(found.challenge);
    attemptFacts.remember(found.attempt, found.imageKey);
    // A resend of a guess already stored (its answer was lost): the stored result, whatever the slot shows now.
    const replay = idempotencyKey ? storedGuessResult(found.attempt, found.imageKey, found.challenge.prompt, idempotencyKey) : null;
    if (replay) return replay;
    const slot = nextGuessNumber(found.attempt);
    if (slot === null) throw gameErrors.attemptComplete();
    // The client names the slot it shows: a double-tap or a second tab cannot fill the next slot by accident.
    if (expectedNumber !== slot) throw gameErrors.slotTaken();

    const score = await scoreGuess(found.challenge, guess);
    const answer = await store({
      userId,
      attemptId,
      guess,
      slot,
      score,
      before: found.attempt,
      imageKey: found.imageKey,
      prompt: found.challenge.prompt,
      idempotencyKey,
    });
    if (answer) return answer;
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

  async function scoreGuess(challenge: GuessChallenge, guess: string): Promise<number> {
    try {
      const { embedding: promptEmbedding, views: promptViews } = await promptVectorsFor(challenge);
      return await scorer.score({ prompt: challenge.prompt, promptEmbedding, promptViews, guess });
    } catch (error) {
      // Past saturation the scorer refuses instead of queueing for seconds; the guess was not stored.
      throw scoringRefusal(error);
    }
  }

  /**
   * Stores the scored guess in `slot` with its conditional UPDATE and answers it; null when the UPDATE matched nothing
   * (the slot was filled first, or the attempt is not this player's or is gone). `before` holds the earlier scores. With
   * `countAt` (the time the guess arrived) the guess is counted against GUESS_RATE_LIMIT in the same statement.
   */
  async function store(
    { userId, attemptId, guess, slot, score, before, imageKey, prompt, idempotencyKey }: ScoredGuess,
    countAt?: number,
  ): Promise<GuessResponse | null> {
    const finalScore = slot === GUESSES_PER_CHALLENGE ? Math.max(before.score1 ?? 0, before.score2 ?? 0, score) : null;
    const values = { attemptId, userId, guess, score, finalScore, key: idempotencyKey ?? null };
    let updated: AttemptRow | null | undefined;
    if (countAt === undefined) [updated] = await guessStatements.store[slot - 1].execute(values);
    else {
      // Counted with the store: over the limit, nothing is stored and the guess is refused.
      const [{ hit, stored }] = await guessStatements.countAndStore[slot - 1].execute({
        ...values,
        ...oneHitValues(GUESS_RATE_LIMIT, userId, userId, countAt),
      });
      const verdict = verdictOf(GUESS_RATE_LIMIT, hit, countAt);
      if (!verdict.allowed) refuseOverLimit(userId, verdict, countAt);
      updated = stored;
    }
    if (!updated) return null;
    attemptFacts.remember(updated, imageKey);
    if (updated.guess3 !== null) {
      await announceLeaderboardChange(db, log);
    }
    return {
      message: scoreMessage(score),
      guessNumber: slot,
      attempt: toAttempt(updated, imageKey, prompt),
    };
  }

  return submitGuess;
}

/**
 * A guess: scored against the prompt and stored in the next free slot, once (a resend with its key gets the first answer).
 * At an attempt this instance knows (game.attempt-facts.ts) it goes straight to the store; otherwise it reads it first.
 */
import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { GuessResponse } from '@contracts/game';
import { GUESSES_PER_CHALLENGE, PERFECT_SCORE } from '@contracts/game.rules';
import { announceLeaderboardChange } from '../db/channels';
import type { Db } from '../db/client';
import { attempts } from '../db/tables/game.tables';
import { challenges } from '../db/tables/challenges.tables';
import { windowRules } from '../limits/limits.rules';
import { countOneHit, oneHitValues, type Verdict, verdictOf } from '../limits/limits.store';
import type { PromptVectors } from '../scoring/scorer';
import { gameErrors, scoringRefusal } from './game.errors';
import {
  type AttemptRow,
  type GameServiceDeps,
  guessColumns,
  nextGuessNumber,
  readStanding,
  readStandingById,
  toAttempt,
} from './game.shared';
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

/** What one instance's guess path holds: its dependencies, its prepared statements and what it remembers. */
interface GuessContext extends GameServiceDeps {
  attemptFacts: AttemptFactsStore;
  statements: GuessStatements;
  /**
   * Players this instance saw refused by GUESS_RATE_LIMIT, until their window ends: their next guesses are counted, and
   * refused, before anything is read or scored.
   */
  limitedUntil: LRUCache<string, number>;
}

/** One guess as the route hands it over. */
interface GuessRequest {
  userId: string;
  attemptId: string;
  guess: string;
  /** The slot the client shows (1–3). */
  expectedNumber: number;
  idempotencyKey?: string;
}

export function createSubmitGuess(deps: GameServiceDeps, attemptFacts: AttemptFactsStore) {
  const context: GuessContext = {
    ...deps,
    attemptFacts,
    statements: prepareGuessStatements(deps.db),
    limitedUntil: new LRUCache<string, number>({ max: 10_000 }),
  };
  /**
   * Scores a guess and stores it in the next free slot with one conditional UPDATE: of several concurrent
   * submissions for one slot exactly one matches `guess_N is null`; the others get SLOT_TAKEN.
   */
  return (userId: string, attemptId: string, guess: string, expectedNumber: number, idempotencyKey?: string): Promise<GuessResponse> =>
    submitGuess(context, { userId, attemptId, guess, expectedNumber, idempotencyKey });
}

async function submitGuess(context: GuessContext, request: GuessRequest): Promise<GuessResponse> {
  const now = context.limits.clock();
  const atKnownSlot = await guessAtKnownSlot(context, request, now);
  if (atKnownSlot.answer) return atKnownSlot.answer;
  // Every other guess is counted first, and one over the limit refused before it is read or scored.
  if (!atKnownSlot.counted) {
    const verdict = await context.limits.hit([{ rule: GUESS_RATE_LIMIT, on: request.userId, subject: request.userId }]);
    if (!verdict.allowed) refuseOverLimit(context, request.userId, verdict, now);
  }
  return guessAfterReading(context, request);
}

/**
 * The common case: the slot this instance saw last is the one the client names, so the guess is scored, then counted
 * and stored in one statement, with no read first. `counted` says the guess was counted but found its slot filled or
 * its attempt gone since (the full path then reads the attempt and answers as it finds it).
 */
async function guessAtKnownSlot(
  context: GuessContext,
  { userId, attemptId, guess, expectedNumber, idempotencyKey }: GuessRequest,
  now: number,
): Promise<{ answer?: GuessResponse; counted: boolean }> {
  const { attemptFacts } = context;
  const known = attemptFacts.get(attemptId);
  const knownChallenge = known && attemptFacts.challenge(known.challengeId);
  const limited = (context.limitedUntil.get(userId) ?? 0) > now;
  if (!known || !knownChallenge || known.userId !== userId || known.nextSlot !== expectedNumber || limited) return { counted: false };
  const score = await scoreGuess(context, knownChallenge, guess);
  const scored = {
    userId,
    attemptId,
    guess,
    slot: expectedNumber,
    score,
    before: known,
    imageKey: known.imageKey,
    prompt: knownChallenge.prompt,
    idempotencyKey,
  };
  const answer = await store(context, scored, now);
  if (answer) return { answer, counted: true };
  attemptFacts.forget(attemptId);
  return { counted: true };
}

/** The attempt read first (it is this player's, open, and the client names its next slot), then scored and stored. */
async function guessAfterReading(context: GuessContext, { userId, attemptId, guess, expectedNumber, idempotencyKey }: GuessRequest) {
  const { db, attemptFacts } = context;
  const [found] = await context.statements.attempt.execute({ attemptId, userId });
  // Someone else's attempt looks exactly like a missing one.
  if (!found) throw gameErrors.attemptNotFound();
  attemptFacts.rememberChallenge(found.challenge);
  attemptFacts.remember(found.attempt, found.imageKey);
  // A resend of a guess already stored (its answer was lost): the stored result, whatever the slot shows now.
  const replay = idempotencyKey ? storedGuessResult(found.attempt, found.imageKey, found.challenge.prompt, idempotencyKey) : null;
  if (replay) return withStanding(db, replay);
  const slot = nextGuessNumber(found.attempt);
  if (slot === null) throw gameErrors.attemptComplete();
  // The client names the slot it shows: a double-tap or a second tab cannot fill the next slot by accident.
  if (expectedNumber !== slot) throw gameErrors.slotTaken();

  const score = await scoreGuess(context, found.challenge, guess);
  const { imageKey, challenge } = found;
  const answer = await store(context, {
    userId,
    attemptId,
    guess,
    slot,
    score,
    before: found.attempt,
    imageKey,
    prompt: challenge.prompt,
    idempotencyKey,
  });
  if (answer) return answer;
  // Another send filled the slot first: when it was this same guess (a retry that overtook the original), its result.
  if (idempotencyKey) {
    const [now] = await db
      .select()
      .from(attempts)
      .where(and(eq(attempts.id, attemptId), eq(attempts.userId, userId)));
    const replayed = now ? storedGuessResult(now, imageKey, challenge.prompt, idempotencyKey) : null;
    if (replayed) return withStanding(db, replayed);
  }
  throw gameErrors.slotTaken();
}

function refuseOverLimit(context: GuessContext, userId: string, verdict: Verdict, now: number): never {
  context.limitedUntil.set(userId, now + verdict.retryAfterSeconds * 1000);
  throw gameErrors.rateLimited(GUESS_RATE_LIMITED_MESSAGE, verdict.retryAfterSeconds);
}

/** A replayed answer of a complete game carries its standing, as the first answer did. */
async function withStanding(db: Db, answer: GuessResponse): Promise<GuessResponse> {
  if (answer.attempt.completedAt === null) return answer;
  return { ...answer, attempt: { ...answer.attempt, ...(await readStandingById(db, answer.attempt.id)) } };
}

async function scoreGuess(context: GuessContext, challenge: GuessChallenge, guess: string): Promise<number> {
  try {
    const { embedding: promptEmbedding, views: promptViews } = await promptVectorsFor(context, challenge);
    return await context.scorer.score({ prompt: challenge.prompt, promptEmbedding, promptViews, guess });
  } catch (error) {
    // Past saturation the scorer refuses instead of queueing for seconds; the guess was not stored.
    throw scoringRefusal(error);
  }
}

/**
 * The stored prompt vectors (the prompt's embedding and its views'), recomputed once when they were made by another
 * embedder or before the current view rules. They never change for one embedder, so they are kept in memory (bounded)
 * instead of being read and parsed per guess.
 */
async function promptVectorsFor({ db, scorer, attemptFacts }: GuessContext, challenge: GuessChallenge): Promise<PromptVectors> {
  // Kept with the challenge's prompt text, so an edited prompt is never scored against its old embedding.
  const cached = attemptFacts.promptVectors(challenge);
  if (cached) return cached;
  const thisPrompt = and(eq(challenges.id, challenge.id), eq(challenges.prompt, challenge.prompt));
  let vectors: PromptVectors | null = null;
  if (challenge.embedderId === scorer.embedderId) {
    const [row] = await db
      .select({ embedding: challenges.promptEmbedding, views: challenges.promptViews })
      .from(challenges)
      .where(thisPrompt);
    if (row?.embedding && scorer.hasAllViews(challenge.prompt, row.views)) vectors = { embedding: row.embedding, views: row.views! };
  }
  if (!vectors) {
    [vectors] = await scorer.embedPrompts([challenge.prompt]);
    await db
      .update(challenges)
      .set({ promptEmbedding: vectors.embedding, promptViews: vectors.views, embedderId: scorer.embedderId })
      .where(thisPrompt);
  }
  attemptFacts.rememberPromptVectors(challenge, vectors);
  return vectors;
}

/**
 * Stores the scored guess in `slot` with its conditional UPDATE and answers it; null when the UPDATE matched nothing
 * (the slot was filled first, or the attempt is not this player's or is gone). `before` holds the earlier scores. With
 * `countAt` (the time the guess arrived) the guess is counted against GUESS_RATE_LIMIT in the same statement.
 */
async function store(
  context: GuessContext,
  { userId, attemptId, guess, slot, score, before, imageKey, prompt, idempotencyKey }: ScoredGuess,
  countAt?: number,
): Promise<GuessResponse | null> {
  const { db, log, statements } = context;
  // The third guess completes the attempt, and so does a perfect one: there is nothing left to find.
  const finalScore =
    slot === GUESSES_PER_CHALLENGE || score >= PERFECT_SCORE ? Math.max(before.score1 ?? 0, before.score2 ?? 0, score) : null;
  const values = { attemptId, userId, guess, score, finalScore, key: idempotencyKey ?? null };
  let updated: AttemptRow | null | undefined;
  if (countAt === undefined) [updated] = await statements.store[slot - 1].execute(values);
  else {
    // Counted with the store: over the limit, nothing is stored and the guess is refused.
    const [{ hit, stored }] = await statements.countAndStore[slot - 1].execute({
      ...values,
      ...oneHitValues(GUESS_RATE_LIMIT, userId, userId, countAt),
    });
    const verdict = verdictOf(GUESS_RATE_LIMIT, hit, countAt);
    if (!verdict.allowed) refuseOverLimit(context, userId, verdict, countAt);
    updated = stored;
  }
  if (!updated) return null;
  context.attemptFacts.remember(updated, imageKey);
  // A complete game: its player learns whether it counts (practice, or after the final whistle).
  const standing = updated.completedAt !== null ? await readStanding(db, updated) : undefined;
  if (updated.completedAt !== null) await announceLeaderboardChange(db, log);
  return { message: scoreMessage(score), guessNumber: slot, attempt: toAttempt(updated, imageKey, prompt, standing) };
}

type GuessStatements = ReturnType<typeof prepareGuessStatements>;

/**
 * The guess path's statements, built once and prepared (drizzle builds no SQL per guess; PostgreSQL parses and plans
 * them once per connection): the attempt with its challenge, and the store of slot 1, 2 or 3.
 */
function prepareGuessStatements(db: Db) {
  return {
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
    store: [1, 2, 3].map((slot) => storeUpdate(db, slot).returning().prepare(`guess_store_${slot}`)),
    /**
     * The same store, and the guess counted against GUESS_RATE_LIMIT in the same statement (one round trip): the
     * counter's upsert, then the UPDATE only while the count is within the limit. Answers the count and the row stored
     * (null when over the limit, or when the slot's UPDATE matched nothing).
     */
    countAndStore: [1, 2, 3].map((slot) => {
      const hit = db.$with('hit').as(countOneHit(db));
      const stored = db
        .$with('stored')
        .as(storeUpdate(db, slot, sql`(select ${hit.count} from ${hit}) <= ${GUESS_RATE_LIMIT.max}`).returning());
      return db.with(hit, stored).select().from(hit).leftJoin(stored, sql`true`).prepare(`guess_count_store_${slot}`);
    }),
  };
}

/**
 * The conditional UPDATE of slot `slot`: this player's attempt, not complete, the slot empty and the one before
 * filled. A guess before the third completes the attempt when `finalScore` is given (a 100 % guess ends the game).
 */
function storeUpdate(db: Db, slot: number, andAlso?: SQL) {
  const guess = sql`${sql.placeholder('guess')}`;
  const score = sql`${sql.placeholder('score')}::real`;
  const key = sql`${sql.placeholder('key')}`;
  const finalScore = sql`${sql.placeholder('finalScore')}::real`;
  const completes = { finalScore, completedAt: sql`case when ${finalScore} is null then null else now() end` };
  const values: PgUpdateSetSource<typeof attempts> =
    slot === 1
      ? { guess1: guess, score1: score, guess1At: sql`now()`, guess1Key: key, ...completes }
      : slot === 2
        ? { guess2: guess, score2: score, guess2At: sql`now()`, guess2Key: key, ...completes }
        : { guess3: guess, score3: score, guess3Key: key, finalScore, completedAt: sql`now()` };
  return db
    .update(attempts)
    .set(values)
    .where(
      and(
        eq(attempts.id, sql.placeholder('attemptId')),
        eq(attempts.userId, sql.placeholder('userId')),
        isNull(attempts.completedAt),
        isNull(guessColumns[slot - 1]),
        slot > 1 ? isNotNull(guessColumns[slot - 2]) : undefined,
        andAlso,
      ),
    );
}

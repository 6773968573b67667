/** The game rules, server-side and authoritative: start, guess, and the player's own reads. */
import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Attempt, GuessResponse, NextChallenge, Stats } from '@contracts/game';
import { GUESSES_PER_CHALLENGE, HISTORY_SIZE } from '@contracts/game.rules';
import { announceLeaderboardChange } from '../db/channels';
import type { Db } from '../db/client';
import { FOREIGN_KEY_VIOLATION, retryOnDeadlock, sqlStateOf } from '../db/races';
import { attempts, challenges, profiles } from '../db/tables/game.tables';
import { eventSettings } from '../db/tables/platform.tables';
import type { PromptVectors, Scorer } from '../scoring/scorer';
import { gameErrors, isUniqueViolation } from './game.errors';
import { scoreMessage } from './score-message';

type AttemptRow = typeof attempts.$inferSelect;

export interface GameServiceDeps {
  db: Db;
  scorer: Scorer;
  log?: FastifyBaseLogger;
}

export const imageUrlFor = (imageKey: string) => `/api/images/${imageKey}`;

const guessColumns = [attempts.guess1, attempts.guess2, attempts.guess3] as const;

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
function nextGuessNumber(row: AttemptRow): number | null {
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
const attemptView = {
  attempt: attempts,
  imageKey: challenges.imageKey,
  revealedPrompt: sql<string | null>`case when ${attempts.guess3} is not null then ${challenges.prompt} end`,
};

/** Seconds between two starts by one player when the organizer set nothing (a real game takes far longer). */
export const DEFAULT_MIN_SECONDS_BETWEEN_CHALLENGES = 10;

export async function readEventSettings(db: Db) {
  const [row] = await db.select().from(eventSettings).where(eq(eventSettings.id, 1));
  return {
    isOpen: row?.isOpen ?? true,
    allowPromptReuse: row?.allowPromptReuse ?? false,
    maxChallengesPerPlayer: row ? row.maxChallengesPerPlayer : null,
    minSecondsBetweenChallenges: row ? row.minSecondsBetweenChallenges : DEFAULT_MIN_SECONDS_BETWEEN_CHALLENGES,
    leaderboardSince: row?.leaderboardSince ?? null,
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The organizer's bounds on new challenges per player (issue 12.2), read from the attempts table so every instance
 * enforces the same budget. Time is the database's clock (attempts.created_at is set by it too). Runs inside the
 * start transaction after the one-unfinished check, so one player's starts are already serialized.
 */
async function enforceStartBudget(tx: Tx, userId: string, settings: Awaited<ReturnType<typeof readEventSettings>>) {
  const cap = settings.maxChallengesPerPlayer;
  const interval = settings.minSecondsBetweenChallenges;
  if (cap === null && interval <= 0) return;
  const since = settings.leaderboardSince ?? new Date(0);
  const [mine] = await tx
    .select({
      started: sql<number>`count(*) filter (where ${attempts.createdAt} >= ${since.toISOString()}::timestamptz)::int`,
      secondsSinceLast: sql<number | null>`extract(epoch from (now() - max(${attempts.createdAt})))::float8`,
      unfinished: sql<number>`count(*) filter (where ${attempts.guess3} is null)::int`,
    })
    .from(attempts)
    .where(eq(attempts.userId, userId));
  // A concurrent start of the same player may have committed since the unfinished check: that is "in progress".
  if (Number(mine.unfinished) > 0) throw gameErrors.challengeInProgress();
  if (cap !== null && Number(mine.started) >= cap) throw gameErrors.challengeCapReached(cap);
  const sinceLast = mine.secondsSinceLast === null ? null : Number(mine.secondsSinceLast);
  if (interval > 0 && sinceLast !== null && sinceLast < interval) throw gameErrors.challengeTooSoon(Math.max(1, Math.ceil(interval - sinceLast)));
}

/**
 * Whether challenge `c` may go to `userId` now, as START decides: never a disabled one; without prompt reuse only an
 * unclaimed one; with reuse any the player has not played yet.
 */
const claimableBy = (userId: string, allowPromptReuse: boolean) =>
  allowPromptReuse
    ? sql`not c.disabled and not exists (select 1 from attempts a where a.user_id = ${userId} and a.challenge_id = c.id)`
    : sql`c.claimed_at is null and not c.disabled`;

/** Challenges that are some other player's suggestion go last, so suggestions (and the phones' downloads) rarely collide. */
const suggestedToOthers = (userId: string) => sql`exists (select 1 from profiles o where o.next_challenge_id = c.id and o.id <> ${userId})`;

/**
 * START's claim of the player's own suggestion `challengeId`, when still claimable. Without reuse it locks exactly like
 * the random claim (FOR UPDATE SKIP LOCKED, re-checked after the lock): a concurrent start holding it makes this one
 * fall back.
 */
const suggestedClaim = (userId: string, challengeId: string, allowPromptReuse: boolean) =>
  allowPromptReuse
    ? sql`update challenges set claimed_at = coalesce(claimed_at, now())
          where id = (select c.id from challenges c where c.id = ${challengeId} and ${claimableBy(userId, true)} for update)
          returning id, image_key`
    : sql`update challenges set claimed_at = now()
          where id = (select c.id from challenges c where c.id = ${challengeId} and ${claimableBy(userId, false)} for update skip locked)
          returning id, image_key`;

/** START's claim when the player has no claimable suggestion: a random claimable challenge, as before suggestions. */
const randomClaim = (userId: string, allowPromptReuse: boolean) =>
  allowPromptReuse
    ? sql`update challenges set claimed_at = coalesce(claimed_at, now())
          where id = (select c.id from challenges c
                      where ${claimableBy(userId, true)}
                      order by c.claimed_at is not null, ${suggestedToOthers(userId)}, random() limit 1 for update)
          returning id, image_key`
    : sql`update challenges set claimed_at = now()
          where id = (select c.id from challenges c where ${claimableBy(userId, false)}
                      order by ${suggestedToOthers(userId)}, random() limit 1 for update skip locked)
          returning id, image_key`;

async function claimOne(tx: Tx, claim: SQL) {
  const { rows } = (await tx.execute(claim)) as unknown as { rows: Array<{ id: string; image_key: string }> };
  return rows[0];
}

/** Prompt embeddings kept in memory per game service (384 floats each for MiniLM: ~3 MB at this size). */
const PROMPT_EMBEDDING_CACHE_SIZE = 2000;

export function createGameService({ db, scorer, log }: GameServiceDeps) {
  const viewAttempts = (where: SQL | undefined) =>
    db.select(attemptView).from(attempts).innerJoin(challenges, eq(attempts.challengeId, challenges.id)).where(where);

  async function currentAttempt(userId: string): Promise<Attempt | null> {
    const [row] = await viewAttempts(and(eq(attempts.userId, userId), isNull(attempts.guess3)))
      .orderBy(desc(attempts.createdAt))
      .limit(1);
    return row ? toAttempt(row.attempt, row.imageKey, row.revealedPrompt) : null;
  }

  async function recentAttempts(userId: string): Promise<Attempt[]> {
    const rows = await viewAttempts(eq(attempts.userId, userId)).orderBy(desc(attempts.createdAt), desc(attempts.id)).limit(HISTORY_SIZE);
    return rows.map((row) => toAttempt(row.attempt, row.imageKey, row.revealedPrompt));
  }

  async function stats(userId: string): Promise<Stats> {
    // numeric avoids float4 noise (91.2 stays 91.2); float8 so both drivers hand back a JS number.
    const [row] = await db
      .select({
        gamesPlayed: sql<number>`count(*)::int`,
        averageScore: sql<number>`coalesce(avg(${attempts.finalScore}::numeric), 0)::float8`,
        bestScore: sql<number>`coalesce(max(${attempts.finalScore}::numeric), 0)::float8`,
      })
      .from(attempts)
      .where(eq(attempts.userId, userId));
    return {
      gamesPlayed: Number(row.gamesPlayed),
      averageScore: Math.round(Number(row.averageScore) * 100) / 100,
      bestScore: Number(row.bestScore),
    };
  }

  /**
   * Claims a prompt and creates the attempt in one transaction: the player's suggestion (GET /api/game/next) when
   * it is still claimable, else a random one. Without reuse, SKIP LOCKED lets concurrent starts each take a different
   * unclaimed row; the partial unique index refuses a second unfinished attempt, and the rollback then releases the
   * claimed prompt.
   */
  async function startAttempt(userId: string): Promise<Attempt> {
    const settings = await readEventSettings(db);
    if (!settings.isOpen) throw gameErrors.eventClosed();
    const [profile] = await db.select({ displayName: profiles.displayName }).from(profiles).where(eq(profiles.id, userId));
    if (!profile?.displayName) throw gameErrors.displayNameRequired();

    try {
      return await db.transaction(async (tx) => {
        // The player's row first: the lock order of GET /api/game/next too (profile, then a challenge), so the two
        // never deadlock; it also queues this player's concurrent starts here.
        const [mine] = await tx.select({ nextChallengeId: profiles.nextChallengeId }).from(profiles).where(eq(profiles.id, userId)).for('update');
        const [unfinished] = await tx
          .select({ id: attempts.id })
          .from(attempts)
          .where(and(eq(attempts.userId, userId), isNull(attempts.guess3)))
          .limit(1);
        if (unfinished) throw gameErrors.challengeInProgress();
        await enforceStartBudget(tx, userId, settings);

        // The player's suggestion first (the image their phone has already downloaded), when it is still claimable.
        const suggested = mine?.nextChallengeId ? await claimOne(tx, suggestedClaim(userId, mine.nextChallengeId, settings.allowPromptReuse)) : undefined;
        const challenge = suggested ?? (await claimOne(tx, randomClaim(userId, settings.allowPromptReuse)));
        if (!challenge) {
          // Nothing left to hand out: used up, or never loaded at all (a fresh install says so instead).
          const [any] = await tx.select({ id: challenges.id }).from(challenges).limit(1);
          throw any ? gameErrors.poolExhausted() : gameErrors.poolNotReady();
        }

        const [row] = await tx.insert(attempts).values({ userId, challengeId: challenge.id }).returning();
        // Used or not, the suggestion is spent: the next GET /api/game/next chooses the one after.
        if (mine?.nextChallengeId) await tx.update(profiles).set({ nextChallengeId: null }).where(eq(profiles.id, userId));
        return toAttempt(row, challenge.image_key, null);
      });
    } catch (error) {
      if (isUniqueViolation(error, 'attempts_one_unfinished_per_user') || isUniqueViolation(error, 'attempts_user_challenge_unique')) {
        throw gameErrors.challengeInProgress();
      }
      throw error;
    }
  }

  /**
   * The image the player's next START will hand out (GET /api/game/next), so the phone downloads it before the tap.
   * Chosen on first ask by START's rules, then kept until they START ("sticky": a reload shows the same image, and
   * a player never sees more than one upcoming image). Choosing claims nothing: when someone else's START takes it,
   * or it is disabled or deleted, the next ask chooses again. Null when the event is closed, the player has no
   * display name yet, or nothing is claimable for them.
   */
  async function nextChallenge(userId: string): Promise<NextChallenge | null> {
    const settings = await readEventSettings(db);
    if (!settings.isOpen) return null;
    const claimable = claimableBy(userId, settings.allowPromptReuse);
    for (let round = 0; round < 5; round++) {
      const { rows } = (await db.execute(sql`
        select p.display_name, p.next_challenge_id, c.image_key, coalesce(${claimable}, false) as claimable
        from profiles p left join challenges c on c.id = p.next_challenge_id
        where p.id = ${userId}`)) as unknown as { rows: Array<{ display_name: string | null; next_challenge_id: string | null; image_key: string | null; claimable: boolean }> };
      const seen = rows[0];
      if (!seen?.display_name) return null;
      if (seen.next_challenge_id && seen.claimable && seen.image_key) return { imageUrl: imageUrlFor(seen.image_key) };
      // Compare-and-set on the stored value: of concurrent calls for one player exactly one replaces what they all
      // read; the others match no row (Postgres re-checks the condition on the updated row) and read its choice.
      const choose = () =>
        db.execute(sql`
        update profiles set next_challenge_id = (
          select c.id from challenges c where ${claimable}
          order by ${settings.allowPromptReuse ? sql`c.claimed_at is not null, ` : sql``}${suggestedToOthers(userId)}, random() limit 1)
        where id = ${userId} and next_challenge_id is not distinct from ${seen.next_challenge_id}
        returning next_challenge_id`) as unknown as Promise<{ rows: Array<{ next_challenge_id: string | null }> }>;
      let chosen: Array<{ next_challenge_id: string | null }>;
      try {
        ({ rows: chosen } = await retryOnDeadlock(choose));
      } catch (error) {
        // The challenge it picked was deleted meanwhile (foreign key): choose again.
        if (sqlStateOf(error) === FOREIGN_KEY_VIOLATION) continue;
        throw error;
      }
      // Nothing claimable is left for them (the stored value is now null).
      if (chosen.length === 1 && chosen[0].next_challenge_id === null) return null;
    }
    // Only under a storm of concurrent changes: say "nothing yet"; START still works without a suggestion.
    return null;
  }

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
   * Scores a guess and stores it in the next free slot with one conditional UPDATE: of several concurrent
   * submissions for one slot exactly one matches `guess_N is null`; the others get SLOT_TAKEN.
   */
  async function submitGuess(userId: string, attemptId: string, guess: string, expectedNumber: number): Promise<GuessResponse> {
    const [found] = await db
      .select({
        attempt: attempts,
        imageKey: challenges.imageKey,
        challenge: { id: challenges.id, prompt: challenges.prompt, embedderId: challenges.embedderId },
      })
      .from(attempts)
      .innerJoin(challenges, eq(attempts.challengeId, challenges.id))
      .where(and(eq(attempts.id, attemptId), eq(attempts.userId, userId)));
    // Someone else's attempt looks exactly like a missing one.
    if (!found) throw gameErrors.attemptNotFound();
    const slot = nextGuessNumber(found.attempt);
    if (slot === null) throw gameErrors.attemptComplete();
    // The client names the slot it shows: a double-tap or a second tab cannot fill the next slot by accident.
    if (expectedNumber !== slot) throw gameErrors.slotTaken();

    const { embedding: promptEmbedding, views: promptViews } = await promptVectorsFor(found.challenge);
    const score = await scorer.score({ prompt: found.challenge.prompt, promptEmbedding, promptViews, guess });

    const values: PgUpdateSetSource<typeof attempts> =
      slot === 1
        ? { guess1: guess, score1: score, guess1At: sql`now()` }
        : slot === 2
          ? { guess2: guess, score2: score, guess2At: sql`now()` }
          : { guess3: guess, score3: score };
    if (slot === GUESSES_PER_CHALLENGE) {
      values.finalScore = Math.max(found.attempt.score1 ?? 0, found.attempt.score2 ?? 0, score);
      values.completedAt = sql`now()`;
    }
    const [updated] = await db
      .update(attempts)
      .set(values)
      .where(
        and(
          eq(attempts.id, attemptId),
          eq(attempts.userId, userId),
          isNull(guessColumns[slot - 1]),
          slot > 1 ? isNotNull(guessColumns[slot - 2]) : undefined,
        ),
      )
      .returning();
    if (!updated) throw gameErrors.slotTaken();

    if (updated.guess3 !== null) {
      await announceLeaderboardChange(db, log);
    }
    return {
      message: scoreMessage(score),
      guessNumber: slot,
      attempt: toAttempt(updated, found.imageKey, found.challenge.prompt),
    };
  }

  /**
   * A finished attempt as its share card shows it: who (their public name, or null when hidden or unnamed), the
   * final score and the image. Never the prompt, and nothing at all for an unfinished attempt (404 to the world).
   */
  async function sharedAttempt(attemptId: string): Promise<SharedAttempt | null> {
    const [row] = await db
      .select({
        userId: attempts.userId,
        finalScore: attempts.finalScore,
        completedAt: attempts.completedAt,
        imageKey: challenges.imageKey,
        displayName: profiles.displayName,
        hidden: profiles.hidden,
      })
      .from(attempts)
      .innerJoin(challenges, eq(attempts.challengeId, challenges.id))
      .leftJoin(profiles, eq(profiles.id, attempts.userId))
      .where(and(eq(attempts.id, attemptId), isNotNull(attempts.guess3), isNotNull(attempts.finalScore)));
    if (!row || row.finalScore === null || row.completedAt === null) return null;
    const publicName = !row.hidden && row.displayName?.trim() ? row.displayName.trim() : null;
    return { userId: row.userId, displayName: publicName, finalScore: row.finalScore, imageKey: row.imageKey, completedAt: row.completedAt };
  }

  return { currentAttempt, recentAttempts, stats, startAttempt, nextChallenge, submitGuess, sharedAttempt };
}

export type GameService = ReturnType<typeof createGameService>;

export interface SharedAttempt {
  userId: string;
  displayName: string | null;
  finalScore: number;
  imageKey: string;
  completedAt: Date;
}

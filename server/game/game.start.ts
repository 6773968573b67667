/** START: claims a prompt for the player and opens their attempt. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Attempt } from '@contracts/game';
import { announceLeaderboardChange } from '../db/channels';
import { isUniqueViolation } from '../db/races';
import { attempts } from '../db/tables/game.tables';
import { challenges } from '../db/tables/challenges.tables';
import { profiles } from '../db/tables/players.tables';
import { readEventSettings } from '../event/event-settings';
import { claimOne, IDLE_CLAIM_SECONDS, randomClaim, secondsUntilAClaimGoesIdle, suggestedClaim } from './game.claims';
import { gameErrors } from './game.errors';
import type { AttemptFactsStore } from './game.attempt-facts';
import { type GameServiceDeps, readStanding, toAttempt, type Tx } from './game.shared';

/**
 * The organizer's bounds on new challenges per player, read from the attempts table so every instance
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
      unfinished: sql<number>`count(*) filter (where ${attempts.completedAt} is null)::int`,
    })
    .from(attempts)
    .where(eq(attempts.userId, userId));
  // A concurrent start of the same player may have committed since the unfinished check: that is "in progress".
  if (Number(mine.unfinished) > 0) throw gameErrors.challengeInProgress();
  if (cap !== null && Number(mine.started) >= cap) throw gameErrors.challengeCapReached(cap);
  const sinceLast = mine.secondsSinceLast === null ? null : Number(mine.secondsSinceLast);
  if (interval > 0 && sinceLast !== null && sinceLast < interval)
    throw gameErrors.challengeTooSoon(Math.max(1, Math.ceil(interval - sinceLast)));
}

export function createStartAttempt({ db, log }: Pick<GameServiceDeps, 'db' | 'log'>, attemptFacts: AttemptFactsStore) {
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
      const started = await db.transaction(async (tx) => {
        // The player's row first: the lock order of GET /api/game/next too (profile, then a challenge), so the two
        // never deadlock; it also queues this player's concurrent starts here.
        const [mine] = await tx
          .select({ nextChallengeId: profiles.nextChallengeId })
          .from(profiles)
          .where(eq(profiles.id, userId))
          .for('update');
        const [unfinished] = await tx
          .select({ id: attempts.id })
          .from(attempts)
          .where(and(eq(attempts.userId, userId), isNull(attempts.completedAt)))
          .limit(1);
        if (unfinished) throw gameErrors.challengeInProgress();
        await enforceStartBudget(tx, userId, settings);

        // The player's suggestion first (the image their phone has already downloaded), when it is still claimable.
        const suggested = mine?.nextChallengeId
          ? await claimOne(tx, suggestedClaim(userId, mine.nextChallengeId, settings.allowPromptReuse))
          : undefined;
        const challenge = suggested ?? (await claimOne(tx, randomClaim(userId, settings.allowPromptReuse)));
        if (!challenge) {
          // Nothing left to hand out: used up, or never loaded at all (a fresh install says so instead).
          const [any] = await tx.select({ id: challenges.id }).from(challenges).limit(1);
          if (!any) throw gameErrors.poolNotReady();
          // Claims without a guess come back: say when the first one does, instead of "try again later".
          const wait = settings.allowPromptReuse ? null : await secondsUntilAClaimGoesIdle(tx);
          throw wait === null ? gameErrors.poolExhausted() : gameErrors.poolBusy(wait);
        }
        // A prompt taken back from an idle claim: that attempt (no guess) is over, its player may start another.
        if (!settings.allowPromptReuse) {
          await tx.execute(sql`delete from attempts where challenge_id = ${challenge.id} and user_id <> ${userId} and guess_1 is null
                               and created_at < now() - make_interval(secs => ${IDLE_CLAIM_SECONDS})`);
        }

        const [row] = await tx.insert(attempts).values({ userId, challengeId: challenge.id }).returning();
        // Used or not, the suggestion is spent: the next GET /api/game/next chooses the one after.
        if (mine?.nextChallengeId) await tx.update(profiles).set({ nextChallengeId: null }).where(eq(profiles.id, userId));
        return {
          row,
          imageKey: challenge.image_key,
          challenge: { id: challenge.id, prompt: challenge.prompt, embedderId: challenge.embedder_id },
        };
      });
      // The booth names players as they start and counts who is playing now.
      await announceLeaderboardChange(db, log);
      // Committed: the player's first guess can skip reading the attempt (game.attempt-facts.ts).
      attemptFacts.rememberChallenge(started.challenge);
      attemptFacts.remember(started.row, started.imageKey);
      return toAttempt(started.row, started.imageKey, null, await readStanding(db, started.row));
    } catch (error) {
      if (isUniqueViolation(error, 'attempts_one_unfinished_per_user') || isUniqueViolation(error, 'attempts_user_challenge_unique')) {
        throw gameErrors.challengeInProgress();
      }
      throw error;
    }
  }

  return startAttempt;
}

/** The player's own reads (the open attempt, recent attempts, stats) and a finished attempt as its share card shows it. */
import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Attempt, Stats } from '@contracts/game';
import { HISTORY_SIZE } from '@contracts/game.rules';
import { user } from '../db/tables/auth.tables';
import { attempts } from '../db/tables/game.tables';
import { challenges } from '../db/tables/challenges.tables';
import { profiles } from '../db/tables/players.tables';
import type { AttemptFactsStore } from './game.attempt-facts';
import { attemptView, type GameServiceDeps, toAttempt } from './game.shared';

export function createGameReads({ db }: Pick<GameServiceDeps, 'db'>, attemptFacts: AttemptFactsStore) {
  const viewAttempts = (where: SQL | undefined) =>
    db.select(attemptView).from(attempts).innerJoin(challenges, eq(attempts.challengeId, challenges.id)).where(where);

  async function currentAttempt(userId: string): Promise<Attempt | null> {
    const [row] = await viewAttempts(and(eq(attempts.userId, userId), isNull(attempts.completedAt)))
      .orderBy(desc(attempts.createdAt))
      .limit(1);
    if (!row) return null;
    // The game screen's load: the player's next guess at this attempt can skip reading it (game.attempt-facts.ts).
    attemptFacts.remember(row.attempt, row.imageKey);
    return toAttempt(row.attempt, row.imageKey, row.revealedPrompt, row);
  }

  async function recentAttempts(userId: string): Promise<Attempt[]> {
    const rows = await viewAttempts(eq(attempts.userId, userId)).orderBy(desc(attempts.createdAt), desc(attempts.id)).limit(HISTORY_SIZE);
    return rows.map((row) => toAttempt(row.attempt, row.imageKey, row.revealedPrompt, row));
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
   * A finished attempt as its share card shows it: who (their public name, or null when hidden, unnamed or unconfirmed), the
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
        confirmed: user.emailVerified,
      })
      .from(attempts)
      .innerJoin(challenges, eq(attempts.challengeId, challenges.id))
      .leftJoin(profiles, eq(profiles.id, attempts.userId))
      .innerJoin(user, eq(user.id, attempts.userId))
      .where(and(eq(attempts.id, attemptId), isNotNull(attempts.completedAt), isNotNull(attempts.finalScore)));
    if (!row || row.finalScore === null || row.completedAt === null) return null;
    // A player who has not confirmed their e-mail yet is nobody by name in public (docs/decisions/039).
    const publicName = row.confirmed && !row.hidden && row.displayName?.trim() ? row.displayName.trim() : null;
    return {
      userId: row.userId,
      displayName: publicName,
      finalScore: row.finalScore,
      imageKey: row.imageKey,
      completedAt: row.completedAt,
    };
  }

  return { currentAttempt, recentAttempts, stats, sharedAttempt };
}

export interface SharedAttempt {
  userId: string;
  displayName: string | null;
  finalScore: number;
  imageKey: string;
  completedAt: Date;
}

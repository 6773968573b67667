/** The event's switches as every capability reads them (the row may be missing: then the defaults below). */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventSettings } from '../db/tables/event.tables';

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
    playBeforeConfirming: row?.playBeforeConfirming ?? false,
    /** The final whistle (may be in the future while a countdown runs); null: results are open. */
    resultsLockedAt: row?.resultsLockedAt ?? null,
  };
}

/** Whether players may sign in and play before confirming their e-mail (off when the row is missing). */
export async function readPlayBeforeConfirming(db: Db): Promise<boolean> {
  const [row] = await db.select({ on: eventSettings.playBeforeConfirming }).from(eventSettings).where(eq(eventSettings.id, 1));
  return row?.on ?? false;
}

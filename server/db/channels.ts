/** NOTIFY channels shared between capabilities. */
import type { FastifyBaseLogger } from 'fastify';
import { notify, type Db } from './client';

export const LEADERBOARD_CHANNEL = 'leaderboard_changed';

/**
 * Tells every instance the board may have changed. The payload is empty: the listener re-reads the whole board
 * anyway. Best effort: a failed NOTIFY must not fail the guess or profile save that caused it.
 */
export async function announceLeaderboardChange(db: Db, log?: FastifyBaseLogger): Promise<void> {
  await notify(db, LEADERBOARD_CHANNEL, '').catch((error) => log?.warn({ err: error }, 'leaderboard notify failed'));
}

export const ADMIN_CHANNEL = 'admin_changed';

/** Tells every instance's organizer overview that something it shows changed (event settings, pool, players). */
export async function announceAdminChange(db: Db, log?: FastifyBaseLogger): Promise<void> {
  await notify(db, ADMIN_CHANNEL, '').catch((error) => log?.warn({ err: error }, 'admin notify failed'));
}

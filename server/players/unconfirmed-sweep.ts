/**
 * Players who started before confirming their e-mail (an event option, docs/decisions/039) and never confirmed:
 * deleted with everything about them (their attempts too) once the account is 24 h old, the life of the mail's link.
 * Every instance may sweep: each deletion locks the user row and checks again, under the lock, that it is still
 * unconfirmed and old enough, so two sweepers never delete twice and a confirmation that just landed wins.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { user } from '../db/tables/auth.tables';
import { attempts } from '../db/tables/game.tables';
import { profiles } from '../db/tables/players.tables';
import { forgetPlayerEverywhere } from './player-deletion';

/** An account never confirmed is deleted once it is this old (the verification link's lifetime). */
export const UNCONFIRMED_ACCOUNT_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 10 * 60 * 1000;
const SWEEP_BATCH = 200;

/** Stale and unconfirmed, by the database's clock (shared by every instance). */
const staleUnconfirmed = (maxAgeMs: number): SQL =>
  and(
    eq(user.emailVerified, false),
    eq(user.role, 'player'),
    sql`${user.createdAt} < now() - ${Math.round(maxAgeMs)} * interval '1 millisecond'`,
  )!;

/** Deletes up to `limit` unconfirmed player accounts older than `maxAgeMs`; returns how many went. */
export async function sweepUnconfirmedPlayers(db: Db, { maxAgeMs = UNCONFIRMED_ACCOUNT_MAX_AGE_MS, limit = SWEEP_BATCH } = {}) {
  const stale = await db.select({ id: user.id }).from(user).where(staleUnconfirmed(maxAgeMs)).orderBy(user.createdAt).limit(limit);
  let deleted = 0;
  for (const { id } of stale) if (await forgetPlayerEverywhere(db, id, staleUnconfirmed(maxAgeMs))) deleted++;
  return deleted;
}

/**
 * An unconfirmed account changed hands (a new sign-up replaced its password, or whoever confirmed the address did not
 * know it): the games and profile made under the old password belong to someone else, so they go. Only while the
 * account is unconfirmed (checked under the row's lock); a confirmed player's games are never touched here.
 */
export async function forgetUnconfirmedPlay(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.id, userId), eq(user.emailVerified, false)))
      .for('update');
    if (!row) return;
    await tx.delete(attempts).where(eq(attempts.userId, userId));
    await tx.delete(profiles).where(eq(profiles.id, userId));
  });
}

/** Sweeps now and every 10 minutes until the returned stop is awaited. */
export function startUnconfirmedSweeper(db: Db, onSwept: (deleted: number) => void, onError: (error: unknown) => void) {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = sweepUnconfirmedPlayers(db)
      .then((deleted) => (deleted > 0 ? onSwept(deleted) : undefined), onError)
      .finally(() => void (running = null));
  };
  const timer = setInterval(run, SWEEP_EVERY_MS);
  timer.unref();
  run();
  // Stopping waits for a sweep under way, so the database is never closed under it.
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

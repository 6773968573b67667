/**
 * What every booth screen shows (one row, id = 1; missing = the live board): the organizer switches it from the
 * console, and the change rides on the live board to every open booth of every instance (a NOTIFY on the leaderboard
 * channel), so they agree within a second.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BoothDisplayUpdate } from '@contracts/admin-leaderboard';
import type { BoothDisplay } from '@contracts/leaderboard';
import type { BoothMode } from '@contracts/leaderboard.rules';
import { AUDIT_ACTIONS } from '@contracts/admin.rules';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { announceAdminChange, announceLeaderboardChange } from '../db/channels';
import type { Db } from '../db/client';
import { boothDisplay } from '../db/tables/leaderboard.tables';
import { eventSettings } from '../db/tables/event.tables';
import { EVENT_SETTINGS_DEFAULT_ROW } from '../event/event.admin.service';

type Row = typeof boothDisplay.$inferSelect;

const toDisplay = (row: Row | undefined, settings: { lock: Date | null; isOpen: boolean } | undefined): BoothDisplay => ({
  closed: settings ? !settings.isOpen : false,
  mode: (row?.mode ?? 'board') as BoothMode,
  countdownTo: row?.mode === 'countdown' && row.countdownTo ? row.countdownTo.toISOString() : null,
  message: row?.mode === 'message' ? row.message : null,
  podiumRevealed: row?.mode === 'podium' ? row.podiumRevealed : 0,
  resultsLockAt: settings?.lock?.toISOString() ?? null,
  updatedAt: (row?.updatedAt ?? new Date(0)).toISOString(),
});

/** The event's switches the booth shows: the final whistle, and whether the organizer closed the event (no row: open). */
async function readBoothSettings(db: Db) {
  const [settings] = await db
    .select({ lock: eventSettings.resultsLockedAt, isOpen: eventSettings.isOpen })
    .from(eventSettings)
    .where(eq(eventSettings.id, 1));
  return settings;
}

/** The booth's mode as the live board carries it, the final whistle, and whether the event is closed (the booth says so). */
export async function readBoothDisplay(db: Db): Promise<BoothDisplay> {
  const [[row], settings] = await Promise.all([db.select().from(boothDisplay).where(eq(boothDisplay.id, 1)), readBoothSettings(db)]);
  return toDisplay(row, settings);
}

/**
 * The final whistle follows the countdown (docs/decisions/050): starting one schedules the lock at its end, stored,
 * so it falls with no console or booth open; leaving countdown mode before the end calls it off. A lock already
 * fallen stays (unlocking is its own, explicit action).
 */
async function scheduleLock(tx: Db, countdownTo: Date | null): Promise<void> {
  await tx.insert(eventSettings).values(EVENT_SETTINGS_DEFAULT_ROW).onConflictDoNothing();
  await tx
    .update(eventSettings)
    .set({
      resultsLockedAt: sql`case when ${eventSettings.resultsLockedAt} <= now() then ${eventSettings.resultsLockedAt} else ${countdownTo}::timestamptz end`,
    })
    .where(eq(eventSettings.id, 1));
}

export function createBoothDisplayService({ db, log }: { db: Db; log?: FastifyBaseLogger }) {
  return {
    get: () => readBoothDisplay(db),

    /** Switches every booth screen (validated by boothDisplayUpdateSchema) and records who did it. */
    async update(actor: AuditActor, change: BoothDisplayUpdate): Promise<BoothDisplay> {
      const values = {
        mode: change.mode,
        countdownTo: change.mode === 'countdown' ? new Date(change.countdownTo) : null,
        message: change.mode === 'message' ? change.message : null,
        podiumRevealed: change.mode === 'podium' ? (change.podiumRevealed ?? 0) : 0,
      };
      const row = await db.transaction(async (tx) => {
        const [saved] = await tx
          .insert(boothDisplay)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: boothDisplay.id, set: { ...values, updatedAt: sql`now()` } })
          .returning();
        await scheduleLock(tx, values.countdownTo);
        const settings = await readBoothSettings(tx);
        const lock = settings?.lock ?? null;
        const details: Record<string, unknown> = { mode: values.mode };
        if (values.countdownTo) details.countdownTo = values.countdownTo.toISOString();
        if (lock) details.resultsLockAt = lock.toISOString();
        if (values.message) details.message = values.message;
        if (values.mode === 'podium') details.podiumRevealed = values.podiumRevealed;
        await recordAudit(tx, actor, { action: AUDIT_ACTIONS.boothUpdate, details });
        return { saved, settings };
      });
      await announceLeaderboardChange(db, log);
      await announceAdminChange(db, log);
      return toDisplay(row.saved, row.settings);
    },
  };
}

export type BoothDisplayService = ReturnType<typeof createBoothDisplayService>;

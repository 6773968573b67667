/** The organizer's event switches (one row, id = 1): open/closed, prompt reuse, per-player limits. */
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AdminEvent, AdminEventUpdate } from '@contracts/admin-event';
import { adminErrorCodes, AUDIT_ACTIONS } from '@contracts/admin.rules';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { announceAdminChange, announceLeaderboardChange } from '../db/channels';
import type { Db } from '../db/client';
import { eventSettings } from '../db/tables/event.tables';
import { HttpError } from '../http/http-error';

type Row = typeof eventSettings.$inferSelect;

/** The server's own time zone: the event's when the organizer set none. */
export const serverTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const toEvent = (row: Row): AdminEvent => ({
  isOpen: row.isOpen,
  allowPromptReuse: row.allowPromptReuse,
  maxChallengesPerPlayer: row.maxChallengesPerPlayer,
  minSecondsBetweenChallenges: row.minSecondsBetweenChallenges,
  boardCounts: row.boardCounts === 'best' ? 'best' : 'latest',
  playBeforeConfirming: row.playBeforeConfirming,
  timeZone: row.timeZone,
  serverTimeZone: serverTimeZone(),
  leaderboardSince: row.leaderboardSince.toISOString(),
  resultsLockedAt: row.resultsLockedAt?.toISOString() ?? null,
  practiceCounts: row.practiceCounts,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The row as it is read when missing (game.service, leaderboard queries): open, no reuse, and a board counting every
 * completion since the epoch. Creating it with the column default (now()) would silently empty the board.
 */
export const EVENT_SETTINGS_DEFAULT_ROW = { id: 1, leaderboardSince: new Date(0) } as const;

/** The row, created with its defaults on first use. */
export async function ensureEventSettings(db: Pick<Db, 'insert' | 'select'>): Promise<Row> {
  await db.insert(eventSettings).values(EVENT_SETTINGS_DEFAULT_ROW).onConflictDoNothing();
  const [row] = await db.select().from(eventSettings).where(eq(eventSettings.id, 1));
  return row;
}

export function createEventAdminService({ db, log }: { db: Db; log?: FastifyBaseLogger }) {
  return {
    async get(): Promise<AdminEvent> {
      return toEvent(await ensureEventSettings(db));
    },

    async update(actor: AuditActor, change: AdminEventUpdate): Promise<AdminEvent> {
      const row = await db.transaction(async (tx) => {
        const before = await ensureEventSettings(tx);
        const set = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) as Partial<Row>;
        const [after] = await tx
          .update(eventSettings)
          .set({ ...set, updatedAt: sql`now()` })
          .where(eq(eventSettings.id, 1))
          .returning();
        const changed = Object.fromEntries(
          Object.keys(set)
            .filter((key) => before[key as keyof Row] !== after[key as keyof Row])
            .map((key) => [key, { from: before[key as keyof Row], to: after[key as keyof Row] }]),
        );
        if (Object.keys(changed).length > 0) await recordAudit(tx, actor, { action: AUDIT_ACTIONS.eventUpdate, details: changed });
        return after;
      });
      await announceAdminChange(db, log);
      // Which game counts decides every entry, and the booth says when the event is closed: screens get the new board.
      if (change.boardCounts !== undefined || change.practiceCounts !== undefined || change.isOpen !== undefined) {
        await announceLeaderboardChange(db, log);
      }
      return toEvent(row);
    },

    /**
     * "Lock results now": the final whistle blows at this moment (an earlier lock stays: the board is already final).
     * Every public and prize surface then counts only games completed up to it.
     */
    async lockResults(actor: AuditActor): Promise<AdminEvent> {
      const row = await db.transaction(async (tx) => {
        await ensureEventSettings(tx);
        const [after] = await tx
          .update(eventSettings)
          .set({
            resultsLockedAt: sql`case when ${eventSettings.resultsLockedAt} <= now() then ${eventSettings.resultsLockedAt} else now() end`,
            updatedAt: sql`now()`,
          })
          .where(eq(eventSettings.id, 1))
          .returning();
        await recordAudit(tx, actor, { action: AUDIT_ACTIONS.resultsLock, details: { lockedAt: after.resultsLockedAt?.toISOString() } });
        return after;
      });
      await announceAdminChange(db, log);
      await announceLeaderboardChange(db, log);
      return toEvent(row);
    },

    /** Unlocking is explicit: games completed since the lock count again (the audit log keeps when it was locked). */
    async unlockResults(actor: AuditActor): Promise<AdminEvent> {
      const row = await db.transaction(async (tx) => {
        const before = await ensureEventSettings(tx);
        if (before.resultsLockedAt === null) throw new HttpError(409, adminErrorCodes.nothingToChange, 'Results are not locked.');
        const [after] = await tx
          .update(eventSettings)
          .set({ resultsLockedAt: null, updatedAt: sql`now()` })
          .where(eq(eventSettings.id, 1))
          .returning();
        await recordAudit(tx, actor, {
          action: AUDIT_ACTIONS.resultsUnlock,
          details: { wasLockedAt: before.resultsLockedAt.toISOString() },
        });
        return after;
      });
      await announceAdminChange(db, log);
      await announceLeaderboardChange(db, log);
      return toEvent(row);
    },
  };
}

export type EventAdminService = ReturnType<typeof createEventAdminService>;

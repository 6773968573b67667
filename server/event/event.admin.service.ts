/** The organizer's event switches (one row, id = 1): open/closed, prompt reuse, per-player limits. */
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AdminEvent, AdminEventUpdate } from '@contracts/admin-event';
import { AUDIT_ACTIONS } from '@contracts/admin.rules';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { announceAdminChange, announceLeaderboardChange } from '../db/channels';
import type { Db } from '../db/client';
import { eventSettings } from '../db/tables/platform.tables';

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
      // Which game counts decides every entry: screens get the new board.
      if (change.boardCounts !== undefined) await announceLeaderboardChange(db, log);
      return toEvent(row);
    },
  };
}

export type EventAdminService = ReturnType<typeof createEventAdminService>;

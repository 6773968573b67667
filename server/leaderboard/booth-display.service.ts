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
import { boothDisplay } from '../db/tables/platform.tables';

type Row = typeof boothDisplay.$inferSelect;

const toDisplay = (row: Row | undefined): BoothDisplay => ({
  mode: (row?.mode ?? 'board') as BoothMode,
  countdownTo: row?.mode === 'countdown' && row.countdownTo ? row.countdownTo.toISOString() : null,
  message: row?.mode === 'message' ? row.message : null,
  podiumRevealed: row?.mode === 'podium' ? row.podiumRevealed : 0,
  updatedAt: (row?.updatedAt ?? new Date(0)).toISOString(),
});

/** The booth's mode as the live board carries it. */
export async function readBoothDisplay(db: Db): Promise<BoothDisplay> {
  const [row] = await db.select().from(boothDisplay).where(eq(boothDisplay.id, 1));
  return toDisplay(row);
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
        const details: Record<string, unknown> = { mode: values.mode };
        if (values.countdownTo) details.countdownTo = values.countdownTo.toISOString();
        if (values.message) details.message = values.message;
        if (values.mode === 'podium') details.podiumRevealed = values.podiumRevealed;
        await recordAudit(tx, actor, { action: AUDIT_ACTIONS.boothUpdate, details });
        return saved;
      });
      await announceLeaderboardChange(db, log);
      await announceAdminChange(db, log);
      return toDisplay(row);
    },
  };
}

export type BoothDisplayService = ReturnType<typeof createBoothDisplayService>;

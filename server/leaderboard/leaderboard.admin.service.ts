/** Organizer side of the board: reset (archiving the board as it stood), archives, and the winners' contact export. */
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ArchiveEntry, ArchiveSummary, BoardCountsPreview } from '@contracts/admin-leaderboard';
import type { BoardCounts } from '@contracts/leaderboard.rules';
import { adminErrorCodes, AUDIT_ACTIONS } from '@contracts/admin.rules';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { announceAdminChange, announceLeaderboardChange } from '../db/channels';
import { rowsOf, type Db } from '../db/client';
import { eventSettings } from '../db/tables/event.tables';
import { leaderboardArchives } from '../db/tables/leaderboard.tables';
import { EVENT_SETTINGS_DEFAULT_ROW, serverTimeZone } from '../event/event.admin.service';
import { HttpError } from '../http/http-error';
import { rankedPrelude } from '../db/ranking';
import { isoInTimeZone, type WinnerRow } from './winners-csv';

/** An archived row: no contact data (the export joins it live; a deleted player's row is removed). */
interface StoredEntry {
  rank: number;
  userId: string;
  displayName: string;
  score: number;
  /** Absent in boards archived before tie-breaks were kept. */
  guessesUsed?: number;
  thinkingSeconds?: number | null;
  completedAt: string;
}

const num = (value: number | string | null | undefined) => (value === null || value === undefined ? null : Number(value));

type ArchiveRow = typeof leaderboardArchives.$inferSelect;

const toSummary = (row: ArchiveRow): ArchiveSummary => ({
  id: row.id,
  label: row.label,
  archivedAt: row.archivedAt.toISOString(),
  since: (row.since ?? new Date(0)).toISOString(),
  entryCount: row.entryCount,
});

async function rows<T>(db: Pick<Db, 'execute'>, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** Thrown to roll back the preview's transaction: the setting is only ever changed for the preview's own reads. */
class PreviewRollback extends Error {
  constructor(readonly preview: BoardCountsPreview) {
    super('preview rolled back');
  }
}

interface PreviewRow {
  user_id: string;
  display_name: string;
  score: number;
  rank: number;
}

export function createLeaderboardAdminService({ db, log }: { db: Db; log?: FastifyBaseLogger }) {
  async function findArchive(id: number): Promise<ArchiveRow> {
    const [row] = await db.select().from(leaderboardArchives).where(eq(leaderboardArchives.id, id));
    if (!row) throw new HttpError(404, adminErrorCodes.archiveNotFound, 'No such archived leaderboard.');
    return row;
  }

  /** The board was reset and nobody finished since: say so, and where the last board went. */
  async function refuseEmptyBoardAfterReset() {
    const [latest] = await db.select().from(leaderboardArchives).orderBy(desc(leaderboardArchives.id)).limit(1);
    if (!latest) return;
    const [settings] = await db.select({ timeZone: eventSettings.timeZone }).from(eventSettings).where(eq(eventSettings.id, 1));
    const at = isoInTimeZone(latest.archivedAt.toISOString(), settings?.timeZone ?? serverTimeZone())
      .replace('T', ' ')
      .slice(0, 16);
    const name = latest.label ? `"${latest.label}"` : `archive #${latest.id}`;
    throw new HttpError(
      409,
      adminErrorCodes.boardEmpty,
      `The board is empty: it was reset at ${at} and nobody has finished since. Its winners are in the archive (${name}): export them from Event, Archived boards.`,
    );
  }

  return {
    /**
     * Archives the current board and starts a new one, in one transaction: the event row is locked first, so two
     * resets run one after the other (the second archives an empty board) and no board is archived twice.
     */
    async reset(actor: AuditActor, label: string | undefined): Promise<ArchiveSummary> {
      const archive = await db.transaction(async (tx) => {
        await tx.insert(eventSettings).values(EVENT_SETTINGS_DEFAULT_ROW).onConflictDoNothing();
        await tx.execute(sql`select id from event_settings where id = 1 for update`);
        const ranked = await rows<{
          user_id: string;
          display_name: string;
          score: number;
          guesses_used: number;
          thinking: number | null;
          completed_at: string | Date;
          rank: number;
          since: string | Date;
        }>(
          tx,
          sql`${rankedPrelude}
          select r.user_id, r.display_name, r.score::float8 as score, r.guesses_used, r.thinking::float8 as thinking,
            r.completed_at, r.rank, since.at as since
          from ranked r, since order by r.rank`,
        );
        const [{ since }] = await rows<{ since: string | Date }>(
          tx,
          sql`select coalesce((select leaderboard_since from event_settings where id = 1), 'epoch'::timestamptz) as since`,
        );
        const entries: StoredEntry[] = ranked.map((row) => ({
          rank: Number(row.rank),
          userId: row.user_id,
          displayName: row.display_name,
          score: Number(row.score),
          guessesUsed: Number(row.guesses_used),
          thinkingSeconds: num(row.thinking),
          completedAt: iso(row.completed_at),
        }));
        const [created] = await tx
          .insert(leaderboardArchives)
          .values({ entries, label: label || null, since: new Date(since), entryCount: entries.length })
          .returning();
        // The new board counts challenges completed from now on (the archive's archived_at is the same instant).
        await tx.update(eventSettings).set({ leaderboardSince: created.archivedAt, updatedAt: sql`now()` }).where(eq(eventSettings.id, 1));
        await recordAudit(tx, actor, {
          action: AUDIT_ACTIONS.leaderboardReset,
          details: { archiveId: created.id, entries: entries.length, label: label || null },
        });
        return created;
      });
      await announceLeaderboardChange(db, log);
      await announceAdminChange(db, log);
      return toSummary(archive);
    },

    /**
     * How many players' ranks (and scores) would change if the board counted each player's `boardCounts` game: the
     * board is ranked as it stands, then with the setting switched inside a transaction that is always rolled back,
     * so the preview uses the one ranking every board reads and changes nothing.
     */
    async previewBoardCounts(boardCounts: BoardCounts): Promise<BoardCountsPreview> {
      const ranking = sql`${rankedPrelude} select r.user_id, r.display_name, r.score::float8 as score, r.rank from ranked r`;
      try {
        await db.transaction(async (tx) => {
          await tx.insert(eventSettings).values(EVENT_SETTINGS_DEFAULT_ROW).onConflictDoNothing();
          const [{ current }] = await rows<{ current: BoardCounts }>(
            tx,
            sql`select board_counts as current from event_settings where id = 1`,
          );
          const before = await rows<PreviewRow>(tx, ranking);
          await tx.update(eventSettings).set({ boardCounts }).where(eq(eventSettings.id, 1));
          const after = await rows<PreviewRow>(tx, ranking);
          const was = new Map(before.map((row) => [row.user_id, row]));
          const changed = after.filter((row) => Number(was.get(row.user_id)?.rank) !== Number(row.rank));
          const rescored = after.filter((row) => Number(was.get(row.user_id)?.score) !== Number(row.score));
          const leaderAfter = after.find((row) => Number(row.rank) === 1);
          const leaderBefore = before.find((row) => Number(row.rank) === 1);
          throw new PreviewRollback({
            boardCounts,
            current,
            players: after.length,
            ranksChanged: changed.length,
            scoresChanged: rescored.length,
            leader: leaderAfter?.display_name ?? null,
            leaderChanges: leaderAfter?.user_id !== leaderBefore?.user_id,
          });
        });
      } catch (error) {
        if (error instanceof PreviewRollback) return error.preview;
        throw error;
      }
      throw new Error('the preview transaction ended without its answer');
    },

    async archives(): Promise<ArchiveSummary[]> {
      const list = await db.select().from(leaderboardArchives).orderBy(desc(leaderboardArchives.id));
      return list.map(toSummary);
    },

    async archive(id: number): Promise<ArchiveSummary & { entries: ArchiveEntry[] }> {
      const row = await findArchive(id);
      const entries = (row.entries as StoredEntry[]).map(({ rank, displayName, score, guessesUsed, thinkingSeconds, completedAt }) => ({
        rank,
        displayName,
        score,
        guessesUsed: num(guessesUsed),
        thinkingSeconds: num(thinkingSeconds),
        completedAt,
      }));
      return { ...toSummary(row), entries };
    },

    /** The event's time zone (the organizer's setting, else the server's): exports write times in it. */
    async timeZone(): Promise<string> {
      const [row] = await db.select({ timeZone: eventSettings.timeZone }).from(eventSettings).where(eq(eventSettings.id, 1));
      return row?.timeZone ?? serverTimeZone();
    },

    /**
     * The top `top` of the current board, or of archive `archiveId`, with contact data as it is now. The current board
     * empty after a reset is refused with what to do instead (its winners are in the archive).
     */
    async winners(actor: AuditActor, top: number, archiveId?: number): Promise<WinnerRow[]> {
      let result: WinnerRow[];
      if (archiveId === undefined) {
        const found = await rows<{
          rank: number;
          display_name: string;
          score: number;
          guesses_used: number;
          thinking: number | null;
          email: string;
          phone_number: string | null;
          completed_at: string | Date;
        }>(
          db,
          sql`${rankedPrelude}
          select r.rank, r.display_name, r.score::float8 as score, r.guesses_used, r.thinking::float8 as thinking, u.email,
            p.phone_number, r.completed_at
          from ranked r join "user" u on u.id = r.user_id join profiles p on p.id = r.user_id
          where r.rank <= ${top} order by r.rank`,
        );
        result = found.map((row) => ({
          rank: Number(row.rank),
          displayName: row.display_name,
          score: Number(row.score),
          guessesUsed: Number(row.guesses_used),
          thinkingSeconds: num(row.thinking),
          email: row.email,
          phone: row.phone_number,
          completedAt: iso(row.completed_at),
        }));
        if (result.length === 0) await refuseEmptyBoardAfterReset();
      } else {
        const archive = await findArchive(archiveId);
        const entries = (archive.entries as StoredEntry[]).filter((entry) => entry.rank <= top);
        const ids = entries.map((entry) => entry.userId);
        const contacts = ids.length
          ? await rows<{ id: string; email: string; phone_number: string | null }>(
              db,
              sql`select u.id, u.email, p.phone_number from "user" u left join profiles p on p.id = u.id where u.id in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})`,
            )
          : [];
        const byId = new Map(contacts.map((contact) => [contact.id, contact]));
        result = entries.map((entry) => ({
          rank: entry.rank,
          displayName: entry.displayName,
          score: entry.score,
          guessesUsed: num(entry.guessesUsed),
          thinkingSeconds: num(entry.thinkingSeconds),
          email: byId.get(entry.userId)?.email ?? null,
          phone: byId.get(entry.userId)?.phone_number ?? null,
          completedAt: entry.completedAt,
        }));
      }
      // Contact data leaving the system is itself an organizer action worth recording.
      await recordAudit(db, actor, {
        action: AUDIT_ACTIONS.winnersExport,
        details: { top, archiveId: archiveId ?? null, rows: result.length },
      });
      return result;
    },
  };
}

export type LeaderboardAdminService = ReturnType<typeof createLeaderboardAdminService>;

import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * The ranking, as one SQL prelude shared by every read (works on PGlite and PostgreSQL):
 * - each player's most recently completed attempt after event_settings.leaderboard_since (no row = epoch),
 *   so a new challenge replaces the previous entry even when lower;
 * - hidden players and players without a display name are left out;
 * - ranked on the score as shown (one decimal); ties go to whoever completed first, then a stable tiebreak.
 */
const rankedPrelude = sql`
  with since as (
    select coalesce((select leaderboard_since from event_settings where id = 1), 'epoch'::timestamptz) as at
  ),
  latest as (
    select distinct on (a.user_id) a.user_id, a.final_score, a.completed_at
    from attempts a, since
    where a.completed_at is not null and a.final_score is not null and a.completed_at > since.at
    order by a.user_id, a.completed_at desc, a.created_at desc
  ),
  ranked as (
    select l.user_id, p.display_name, round(l.final_score::numeric, 1) as score, l.completed_at,
      p.strategy, p.strategy_updated_at,
      row_number() over (order by round(l.final_score::numeric, 1) desc, l.completed_at asc, l.user_id asc)::int as rank
    from latest l join profiles p on p.id = l.user_id
    where p.hidden = false and p.display_name is not null and btrim(p.display_name) <> ''
  )`;

export interface RankedRow {
  userId: string;
  displayName: string;
  score: number;
  rank: number;
}

export interface BoardRows {
  entries: RankedRow[];
  total: number;
  /** md5 over the whole ranking (not just the top): changes whenever anybody's rank, score or name does. */
  digest: string;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** The live stream's board: the top `limit` rows, the player count and a digest of the ranking, in one round trip. */
export async function selectBoard(db: Db, limit: number): Promise<BoardRows> {
  const result = await rows<{ total: number; digest: string; user_id: string | null; display_name: string; score: number; rank: number }>(
    db,
    sql`${rankedPrelude},
    summary as (
      select count(*)::int as total,
        md5(coalesce(string_agg(r.user_id || ':' || r.score::text || ':' || r.display_name, ',' order by r.rank), '')) as digest
      from ranked r
    )
    select s.total, s.digest, t.user_id, t.display_name, t.score::float8 as score, t.rank
    from summary s left join (select * from ranked where rank <= ${limit}) t on true
    order by t.rank`,
  );
  const first = result[0];
  return {
    total: Number(first?.total ?? 0),
    digest: first?.digest ?? '',
    entries: result
      .filter((row) => row.user_id !== null)
      .map((row) => ({ userId: row.user_id!, displayName: row.display_name, score: Number(row.score), rank: Number(row.rank) })),
  };
}

/**
 * The REST board: the top `limit` rows plus the viewer's own row wherever it ranks, and the player count. One
 * ranking, one round trip, no digest (only the stream needs that).
 */
export async function selectBoardWithViewer(db: Db, limit: number, viewerId: string | null): Promise<{ rows: RankedRow[]; total: number }> {
  const result = await rows<{ total: number; user_id: string | null; display_name: string; score: number; rank: number }>(
    db,
    sql`${rankedPrelude}
    select (select count(*)::int from ranked) as total, r.user_id, r.display_name, r.score::float8 as score, r.rank
    from (select 1) one left join ranked r on r.rank <= ${limit} or r.user_id = ${viewerId}
    order by r.rank`,
  );
  return {
    total: Number(result[0]?.total ?? 0),
    rows: result
      .filter((row) => row.user_id !== null)
      .map((row) => ({ userId: row.user_id!, displayName: row.display_name, score: Number(row.score), rank: Number(row.rank) })),
  };
}

/** One player's row (null when they have no entry) and the player count. */
export async function selectPlayerRank(db: Db, userId: string): Promise<{ row: RankedRow | null; total: number }> {
  const [result] = await rows<{ total: number; user_id: string | null; display_name: string | null; score: number | null; rank: number | null }>(
    db,
    sql`${rankedPrelude}
    select (select count(*)::int from ranked) as total, r.user_id, r.display_name, r.score::float8 as score, r.rank
    from (select 1) one left join ranked r on r.user_id = ${userId}`,
  );
  const row = result?.user_id
    ? { userId: result.user_id, displayName: result.display_name!, score: Number(result.score), rank: Number(result.rank) }
    : null;
  return { row, total: Number(result?.total ?? 0) };
}

/** The current #1 and their strategy, if written since the last leaderboard reset. */
export async function selectChampion(db: Db): Promise<(RankedRow & { strategy: string | null }) | null> {
  const [row] = await rows<{ user_id: string; display_name: string; score: number; strategy: string | null }>(
    db,
    sql`${rankedPrelude}
    select r.user_id, r.display_name, r.score::float8 as score,
      case when r.strategy_updated_at > since.at then r.strategy end as strategy
    from ranked r, since
    where r.rank = 1`,
  );
  if (!row) return null;
  return { userId: row.user_id, displayName: row.display_name, score: Number(row.score), rank: 1, strategy: row.strategy };
}

/** Sets the strategy only if `userId` is #1 at this very moment (one statement: no window between check and write). */
export async function updateChampionStrategy(db: Db, userId: string, strategy: string): Promise<boolean> {
  const updated = await rows<{ id: string }>(
    db,
    sql`${rankedPrelude}
    update profiles set strategy = ${strategy}, strategy_updated_at = now(), updated_at = now()
    where id = ${userId} and id = (select user_id from ranked where rank = 1)
    returning id`,
  );
  return updated.length === 1;
}

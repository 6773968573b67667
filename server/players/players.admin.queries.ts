/** The organizer's players table: one SQL statement per page (search, sort, paginate on the server). */
import { sql, type SQL } from 'drizzle-orm';
import type { AdminPlayer, AdminPlayersQuery } from '@contracts/admin-players';
import type { AdminPlayerSortKey } from '@contracts/admin.rules';
import type { Db } from '../db/client';
import { rankedPrelude } from '../leaderboard/leaderboard.queries';

/** Sort expressions by column; every one ends on u.id so pages never overlap or skip. */
const sortColumns: Record<AdminPlayerSortKey, SQL> = {
  displayName: sql`lower(p.display_name)`,
  email: sql`u.email`,
  phone: sql`p.phone_number`,
  score: sql`la.final_score`,
  rank: sql`r.rank`,
  gamesPlayed: sql`coalesce(g.games, 0)`,
  signedUpAt: sql`u.created_at`,
  lastSeenAt: sql`s.last_seen`,
};

interface PlayerRow {
  id: string;
  display_name: string | null;
  email: string;
  phone_number: string | null;
  role: string;
  email_verified: boolean;
  hidden: boolean | null;
  latest_score: number | null;
  rank: number | null;
  games: number;
  created_at: string | Date;
  last_seen: string | Date | null;
  total: number;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function toPlayer(row: PlayerRow): AdminPlayer {
  return {
    id: row.id,
    displayName: row.display_name,
    email: row.email,
    phone: row.phone_number,
    role: row.role === 'organizer' ? 'organizer' : 'player',
    emailVerified: Boolean(row.email_verified),
    hidden: Boolean(row.hidden),
    latestScore: row.latest_score === null ? null : Number(row.latest_score),
    rank: row.rank === null ? null : Number(row.rank),
    gamesPlayed: Number(row.games),
    signedUpAt: iso(row.created_at),
    lastSeenAt: row.last_seen === null ? null : iso(row.last_seen),
  };
}

/**
 * One page of players. Aggregates are computed only for the players that can appear: the search filters users
 * first, and sorting by signed-up time (the default) never needs the ranking of every player.
 */
export async function selectPlayers(db: Db, query: AdminPlayersQuery & { id?: string }): Promise<{ players: AdminPlayer[]; total: number }> {
  const search = query.q ? likePattern(query.q) : null;
  const where = query.id
    ? sql`u.id = ${query.id}`
    : search
      ? sql`(u.email ilike ${search} or p.display_name ilike ${search})`
      : sql`true`;
  const direction = query.dir === 'asc' ? sql`asc` : sql`desc`;
  const result = await db.execute(sql`${rankedPrelude},
    latest_any as (
      select distinct on (a.user_id) a.user_id, round(a.final_score::numeric, 1)::float8 as final_score
      from attempts a
      where a.completed_at is not null and a.final_score is not null
      order by a.user_id, a.completed_at desc, a.created_at desc
    ),
    games as (select user_id, count(*)::int as games from attempts group by user_id),
    seen as (select user_id, max(updated_at) as last_seen from session group by user_id)
    select u.id, p.display_name, u.email, p.phone_number, u.role, u.email_verified, p.hidden,
      la.final_score as latest_score, r.rank, coalesce(g.games, 0) as games, u.created_at, s.last_seen,
      count(*) over ()::int as total
    from "user" u
    left join profiles p on p.id = u.id
    left join latest_any la on la.user_id = u.id
    left join games g on g.user_id = u.id
    left join seen s on s.user_id = u.id
    left join ranked r on r.user_id = u.id
    where ${where}
    order by ${sortColumns[query.sort]} ${direction} nulls last, u.id ${direction}
    limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`);
  const rows = (result as unknown as { rows: PlayerRow[] }).rows;
  let total = rows[0]?.total;
  if (total === undefined) {
    // An empty page past the end still reports how many match.
    const counted = await db.execute(sql`select count(*)::int as total from "user" u left join profiles p on p.id = u.id where ${where}`);
    total = (counted as unknown as { rows: Array<{ total: number }> }).rows[0].total;
  }
  return { players: rows.map(toPlayer), total: Number(total) };
}

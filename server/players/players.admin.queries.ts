/** The organizer's players table: one SQL statement per page (search, sort, paginate on the server). */
import { sql, type SQL } from 'drizzle-orm';
import type { AdminPlayer, AdminPlayersQuery } from '@contracts/admin-players';
import type { AdminPlayerSortKey } from '@contracts/admin.rules';
import type { Db } from '../db/client';
import { finalWhistle, rankedPrelude } from '../db/ranking';

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
  not_counted: 'practice' | 'after-final-whistle' | null;
  rank: number | null;
  guesses_used: number | null;
  thinking: number | null;
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
    latestNotCounted: row.not_counted ?? null,
    rank: row.rank === null ? null : Number(row.rank),
    boardGuessesUsed: row.guesses_used === null ? null : Number(row.guesses_used),
    boardThinkingSeconds: row.thinking === null ? null : Number(row.thinking),
    gamesPlayed: Number(row.games),
    signedUpAt: iso(row.created_at),
    lastSeenAt: row.last_seen === null ? null : iso(row.last_seen),
  };
}

/** Per-player aggregates, optionally only for some players (`ids`): latest score, games started, last seen. */
const latestAny = (only: SQL) => sql`latest_any as (
      select distinct on (a.user_id) a.user_id, round(a.final_score::numeric, 1)::float8 as final_score,
        case when a.completed_at > ${finalWhistle} then 'after-final-whistle'
          when c.practice and not coalesce((select practice_counts from event_settings where id = 1), false) then 'practice' end as not_counted
      from attempts a join challenges c on c.id = a.challenge_id
      where a.completed_at is not null and a.final_score is not null and ${only}
      order by a.user_id, a.completed_at desc, a.created_at desc
    )`;
const games = (only: SQL) => sql`games as (select a.user_id, count(*)::int as games from attempts a where ${only} group by a.user_id)`;
const seen = (only: SQL) => sql`seen as (select s.user_id, max(s.updated_at) as last_seen from session s where ${only} group by s.user_id)`;

/** What each sort column needs joined to the users (and nothing else: the other aggregates wait for phase 2). */
const sortJoins: Partial<Record<AdminPlayerSortKey, SQL>> = {
  score: sql`left join latest_any la on la.user_id = u.id`,
  rank: sql`left join ranked r on r.user_id = u.id`,
  gamesPlayed: sql`left join games g on g.user_id = u.id`,
  lastSeenAt: sql`left join seen s on s.user_id = u.id`,
};
const sortCtes: Partial<Record<AdminPlayerSortKey, SQL>> = {
  score: sql`with ${latestAny(sql`true`)}`,
  rank: rankedPrelude,
  gamesPlayed: sql`with ${games(sql`true`)}`,
  lastSeenAt: sql`with ${seen(sql`true`)}`,
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * One page of players, in two steps: (1) the page's ids and the match count, computing only the aggregate the sort
 * column needs; (2) every column for those (at most pageSize) players. The ranking is computed once per page when
 * sorting by rank or showing ranks (it needs every player's latest score), the other aggregates only for the page.
 */
export async function selectPlayers(
  db: Db,
  query: AdminPlayersQuery & { id?: string },
): Promise<{ players: AdminPlayer[]; total: number }> {
  const search = query.q ? likePattern(query.q) : null;
  const where = query.id ? sql`u.id = ${query.id}` : search ? sql`(u.email ilike ${search} or p.display_name ilike ${search})` : sql`true`;
  const direction = query.dir === 'asc' ? sql`asc` : sql`desc`;
  const byRank = query.sort === 'rank';
  const page = rowsOf<{ id: string; total: number; rank?: number | null; guesses_used?: number | null; thinking?: number | null }>(
    await db.execute(sql`${sortCtes[query.sort] ?? sql``}
    select u.id, count(*) over ()::int as total${byRank ? sql`, r.rank, r.guesses_used, r.thinking::float8 as thinking` : sql``}
    from "user" u left join profiles p on p.id = u.id ${sortJoins[query.sort] ?? sql``}
    where ${where}
    order by ${sortColumns[query.sort]} ${direction} nulls last, u.id ${direction}
    limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
  );
  if (page.length === 0) {
    // An empty page past the end still reports how many match.
    const [counted] = rowsOf<{ total: number }>(
      await db.execute(sql`select count(*)::int as total from "user" u left join profiles p on p.id = u.id where ${where}`),
    );
    return { players: [], total: Number(counted.total) };
  }
  const ids = sql.join(
    page.map((row) => sql`${row.id}`),
    sql`, `,
  );
  // Sorted by rank, the ranks came with the page: the ranking is not computed twice.
  const rows = rowsOf<PlayerRow>(
    await db.execute(sql`${byRank ? sql`with ` : sql`${rankedPrelude},`}
    ${latestAny(sql`a.user_id in (${ids})`)},
    ${games(sql`a.user_id in (${ids})`)},
    ${seen(sql`s.user_id in (${ids})`)}
    select u.id, p.display_name, u.email, p.phone_number, u.role, u.email_verified, p.hidden,
      la.final_score as latest_score, la.not_counted,
      ${byRank ? sql`null::int as rank, null::int as guesses_used, null::float8 as thinking` : sql`r.rank, r.guesses_used, r.thinking::float8 as thinking`}, coalesce(g.games, 0) as games, u.created_at, s.last_seen, 0 as total
    from "user" u
    left join profiles p on p.id = u.id
    left join latest_any la on la.user_id = u.id
    left join games g on g.user_id = u.id
    left join seen s on s.user_id = u.id
    ${byRank ? sql`` : sql`left join ranked r on r.user_id = u.id`}
    where u.id in (${ids})`),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    players: page.map((row) =>
      toPlayer({
        ...byId.get(row.id)!,
        ...(byRank ? { rank: row.rank ?? null, guesses_used: row.guesses_used ?? null, thinking: row.thinking ?? null } : {}),
      }),
    ),
    total: Number(page[0].total),
  };
}

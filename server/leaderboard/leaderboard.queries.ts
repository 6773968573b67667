import { sql, type SQL } from 'drizzle-orm';
import type { BoardCounts } from '@contracts/leaderboard.rules';
import { rowsOf, type Db } from '../db/client';
import { countsForPrizes, finalWhistle, rankedPrelude } from '../db/ranking';

export interface RankedRow {
  userId: string;
  displayName: string;
  score: number;
  rank: number;
  /** What broke a tie on score: the guess that reached it, then thinking time (seconds, one decimal), then completion. */
  guessesUsed: number;
  thinkingSeconds: number | null;
  completedAt: Date;
}

export interface BoardRows {
  entries: RankedRow[];
  /** Which of a player's games holds their entry (event_settings.board_counts). */
  boardCounts: BoardCounts;
  total: number;
  /** The #1's strategy, if written since the last leaderboard reset. */
  championStrategy: string | null;
  /** md5 over the whole ranking and the #1's strategy: changes whenever anybody's rank, score or name, or the strategy, does. */
  digest: string;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** A ranked row as the board queries return it: left-joined, so a board with no players yields one all-null row. */
interface BoardRow {
  total: number;
  user_id: string | null;
  display_name: string;
  score: number;
  rank: number;
  guesses_used: number;
  thinking: number | string | null;
  completed_at: string | Date;
}

const rankedRows = (result: BoardRow[]): RankedRow[] =>
  result
    .filter((row) => row.user_id !== null)
    .map((row) => ({
      userId: row.user_id!,
      displayName: row.display_name,
      score: Number(row.score),
      rank: Number(row.rank),
      guessesUsed: Number(row.guesses_used),
      thinkingSeconds: row.thinking === null ? null : Number(row.thinking),
      completedAt: new Date(row.completed_at),
    }));

/** The ranked row's columns every board read selects (over `ranked r`). */
const rowColumns = sql`r.user_id, r.display_name, r.score::float8 as score, r.rank, r.guesses_used, r.thinking::float8 as thinking, r.completed_at`;

/** The #1's strategy, if written since the last leaderboard reset (a column expression over `ranked r, since`). */
const championStrategy = sql`case when r.strategy_updated_at > since.at then r.strategy end`;

/**
 * The live stream's board: the top `limit` rows, the player count, the #1's strategy and a digest of it all, in one
 * round trip.
 */
export async function selectBoard(db: Db, limit: number): Promise<BoardRows> {
  const result = await rows<BoardRow & { digest: string; champion_strategy: string | null; best: boolean }>(
    db,
    sql`${rankedPrelude},
    champion as (select ${championStrategy} as strategy from ranked r, since where r.rank = 1),
    summary as (
      select count(*)::int as total, (select strategy from champion) as champion_strategy, (select best from since) as best,
        md5(coalesce(string_agg(r.user_id || ':' || r.score::text || ':' || r.guesses_used::text || ':' || coalesce(r.thinking::text, '')
          || ':' || r.display_name, ',' order by r.rank), '')
          || '|' || coalesce((select strategy from champion), '') || '|' || (select best from since)::text) as digest
      from ranked r
    )
    select s.total, s.digest, s.champion_strategy, s.best, ${rowColumns}
    from summary s left join (select * from ranked where rank <= ${limit}) r on true
    order by r.rank`,
  );
  const first = result[0];
  return {
    total: Number(first?.total ?? 0),
    digest: first?.digest ?? '',
    championStrategy: first?.champion_strategy ?? null,
    boardCounts: first?.best ? 'best' : 'latest',
    entries: rankedRows(result),
  };
}

/**
 * The REST board: the top `limit` rows plus the viewer's own row wherever it ranks, and the player count. One
 * ranking, one round trip, no digest (only the stream needs that).
 */
export async function selectBoardWithViewer(db: Db, limit: number, viewerId: string | null): Promise<{ rows: RankedRow[]; total: number }> {
  const result = await rows<BoardRow>(
    db,
    sql`${rankedPrelude}
    select (select count(*)::int from ranked) as total, ${rowColumns}
    from (select 1) one left join ranked r on r.rank <= ${limit} or r.user_id = ${viewerId}
    order by r.rank`,
  );
  return { total: Number(result[0]?.total ?? 0), rows: rankedRows(result) };
}

/** The row ranked just above a player: its score and what broke a tie with it. */
export interface AboveRow {
  score: number;
  guessesUsed: number;
  thinkingSeconds: number | null;
}

/**
 * One player's row (null when they have no entry), the player count, and the row ranked just above (null for #1):
 * one ranking, one round trip.
 */
export async function selectPlayerRank(
  db: Db,
  userId: string,
): Promise<{ row: RankedRow | null; total: number; above: AboveRow | null; boardCounts: BoardCounts }> {
  const result = await rows<
    BoardRow & { above_score: number | null; above_guesses: number | null; above_thinking: number | null; best: boolean }
  >(
    db,
    sql`${rankedPrelude}
    select (select count(*)::int from ranked) as total, (select best from since) as best, ${rowColumns},
      a.score::float8 as above_score, a.guesses_used as above_guesses, a.thinking::float8 as above_thinking
    from (select 1) one left join ranked r on r.user_id = ${userId} left join ranked a on a.rank = r.rank - 1`,
  );
  const [row] = rankedRows(result);
  const first = result[0];
  return {
    row: row ?? null,
    total: Number(first?.total ?? 0),
    above:
      first?.above_score === null || first?.above_score === undefined
        ? null
        : {
            score: Number(first.above_score),
            guessesUsed: Number(first.above_guesses),
            thinkingSeconds: first.above_thinking === null ? null : Number(first.above_thinking),
          },
    boardCounts: first?.best ? 'best' : 'latest',
  };
}

export interface FinishRow {
  attemptId: string;
  displayName: string;
  score: number;
  completedAt: Date;
}

/**
 * What the booth shows between rank changes: the newest finishes since the last reset (public, confirmed players, score above
 * 0), the number of games completed, and the image keys of recently finished challenges. One round trip.
 */
export async function selectBoardActivity(
  db: Db,
  finishesLimit: number,
  imagesLimit: number,
): Promise<{ finishes: FinishRow[]; gamesPlayed: number; imageKeys: string[] }> {
  const result = await rows<{
    kind: string;
    id: string | null;
    display_name: string | null;
    score: number | null;
    completed_at: string | Date | null;
    n: number | null;
  }>(
    db,
    sql`with since as (
      select coalesce((select leaderboard_since from event_settings where id = 1), 'epoch'::timestamptz) as at
    )
    (select 'count' as kind, null::text as id, null::text as display_name, null::float8 as score, null::timestamptz as completed_at,
       (select count(*)::int from attempts a, since where a.completed_at > since.at and a.completed_at <= ${finalWhistle}) as n)
    union all
    (select 'finish', a.id::text, p.display_name, round(a.final_score::numeric, 1)::float8, a.completed_at, null
     from attempts a join profiles p on p.id = a.user_id join "user" u on u.id = a.user_id, since
     where a.completed_at > since.at and a.final_score > 0 and p.hidden = false and u.email_verified and ${countsForPrizes}
       and p.display_name is not null and btrim(p.display_name) <> ''
     order by a.completed_at desc, a.id desc limit ${finishesLimit})
    union all
    (select 'image', c.image_key, null, null, max(a.completed_at), null
     from attempts a join challenges c on c.id = a.challenge_id, since
     where a.completed_at > since.at and a.completed_at <= ${finalWhistle} and not c.disabled
     group by c.image_key order by max(a.completed_at) desc limit ${imagesLimit})`,
  );
  return {
    gamesPlayed: Number(result.find((row) => row.kind === 'count')?.n ?? 0),
    finishes: result
      .filter((row) => row.kind === 'finish')
      .map((row) => ({
        attemptId: row.id!,
        displayName: row.display_name!,
        score: Number(row.score),
        completedAt: new Date(row.completed_at!),
      })),
    imageKeys: result.filter((row) => row.kind === 'image').map((row) => row.id!),
  };
}

/** The current #1 and their strategy, if written since the last leaderboard reset. */
export async function selectChampion(
  db: Db,
): Promise<{ userId: string; displayName: string; score: number; strategy: string | null } | null> {
  const [row] = await rows<{ user_id: string; display_name: string; score: number; strategy: string | null }>(
    db,
    sql`${rankedPrelude}
    select r.user_id, r.display_name, r.score::float8 as score, ${championStrategy} as strategy
    from ranked r, since
    where r.rank = 1`,
  );
  if (!row) return null;
  return { userId: row.user_id, displayName: row.display_name, score: Number(row.score), strategy: row.strategy };
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

export interface StartRow {
  attemptId: string;
  displayName: string;
  startedAt: Date;
}

/**
 * The booth's "who is playing": the newest starts since the last reset by public players (named, not hidden, e-mail
 * confirmed), and how many unfinished attempts were started or guessed on in the last `windowMinutes` (an abandoned
 * game stops counting that long after its last move). One round trip.
 */
export async function selectBoardStarts(
  db: Db,
  startsLimit: number,
  windowMinutes: number,
): Promise<{ starts: StartRow[]; playingNow: number }> {
  const result = await rows<{
    kind: string;
    id: string | null;
    display_name: string | null;
    started_at: string | Date | null;
    n: number | null;
  }>(
    db,
    sql`with since as (
      select coalesce((select leaderboard_since from event_settings where id = 1), 'epoch'::timestamptz) as at
    )
    (select 'count' as kind, null::text as id, null::text as display_name, null::timestamptz as started_at,
       (select count(*)::int from attempts a
        where a.completed_at is null
          and greatest(a.created_at, a.guess_1_at, a.guess_2_at) > now() - make_interval(mins => ${windowMinutes})) as n)
    union all
    (select 'start', a.id::text, p.display_name, a.created_at, null
     from attempts a join profiles p on p.id = a.user_id join "user" u on u.id = a.user_id, since
     where a.created_at > since.at and a.created_at <= ${finalWhistle} and p.hidden = false and u.email_verified
       and p.display_name is not null and btrim(p.display_name) <> ''
     order by a.created_at desc, a.id desc limit ${startsLimit})`,
  );
  return {
    playingNow: Number(result.find((row) => row.kind === 'count')?.n ?? 0),
    starts: result
      .filter((row) => row.kind === 'start')
      .map((row) => ({ attemptId: row.id!, displayName: row.display_name!, startedAt: new Date(row.started_at!) })),
  };
}

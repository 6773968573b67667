import { sql } from 'drizzle-orm';

/**
 * The ranking, as one SQL prelude shared by every read (works on PGlite and PostgreSQL; the organizer's players
 * table and the board archive reuse it; docs/decisions/033):
 * - each player's entry is one completed attempt after event_settings.leaderboard_since (no row = epoch): the most
 *   recent one (board_counts 'latest', the default: a new challenge replaces the entry even when lower), or the best
 *   one by the ranking below (board_counts 'best');
 * - hidden players, players without a display name and players who have not confirmed their e-mail (they may play
 *   first when the organizer allows it, docs/decisions/039) are left out;
 * - ranked on the score as shown (one decimal); a tie goes to fewer guesses used (the number of the first guess that
 *   reached the best score), then less time from the start to that guess, then whoever completed first, then a stable
 *   tiebreak. Computed from the columns every attempt already has, so existing boards rank at once.
 */
export const rankedPrelude = sql`
  with since as (
    select coalesce((select leaderboard_since from event_settings where id = 1), 'epoch'::timestamptz) as at,
      coalesce((select board_counts = 'best' from event_settings where id = 1), false) as best
  ),
  board_games as (
    select a.user_id, a.final_score, a.completed_at, a.created_at, round(a.final_score::numeric, 1) as score,
      case when a.score_1 = a.final_score then 1 when a.score_2 = a.final_score then 2 else 3 end as guesses_used,
      case when a.score_1 = a.final_score then a.guess_1_at when a.score_2 = a.final_score then a.guess_2_at else a.completed_at end
        - a.created_at as time_to_best
    from attempts a, since
    where a.completed_at is not null and a.final_score is not null and a.completed_at > since.at
  ),
  latest as (
    select distinct on (g.user_id) g.user_id, g.score, g.guesses_used, g.time_to_best, g.completed_at
    from board_games g, since
    order by g.user_id,
      case when since.best then g.score end desc nulls last,
      case when since.best then g.guesses_used end asc,
      case when since.best then g.time_to_best end asc,
      g.completed_at desc, g.created_at desc
  ),
  ranked as (
    select l.user_id, p.display_name, l.score, l.completed_at, l.guesses_used, l.time_to_best,
      p.strategy, p.strategy_updated_at,
      row_number() over (
        order by l.score desc, l.guesses_used asc, l.time_to_best asc nulls last, l.completed_at asc, l.user_id asc
      )::int as rank
    from latest l join profiles p on p.id = l.user_id join "user" u on u.id = l.user_id
    where u.email_verified and p.hidden = false and p.display_name is not null and btrim(p.display_name) <> ''
  )`;

import { sql } from 'drizzle-orm';
import { TYPING_SECONDS_PER_CHARACTER } from '@contracts/leaderboard.rules';

/** The moment results lock (event_settings.results_locked_at), or infinity while nothing is locked. */
export const finalWhistle = sql`coalesce((select results_locked_at from event_settings where id = 1), 'infinity'::timestamptz)`;

/**
 * Whether attempt `a` may count on a public or prize surface (docs/decisions/050): completed at or before the final
 * whistle (event_settings.results_locked_at; none = no lock yet), and not practice (the starter pack) unless the
 * organizer counts practice. A condition on the alias `a`; the board's finishes ticker uses it too. The practice
 * test is a NOT IN over the few practice ids (one hashed subplan per query, not a lookup per attempt).
 */
export const countsForPrizes = sql`a.completed_at <= ${finalWhistle}
  and (coalesce((select practice_counts from event_settings where id = 1), false)
    or a.challenge_id not in (select pc.id from challenges pc where pc.practice))`;

/**
 * The ranking, as one SQL prelude shared by every read (works on PGlite and PostgreSQL; the organizer's players
 * table and the board archive reuse it; docs/decisions/033):
 * - each player's entry is one completed attempt after event_settings.leaderboard_since (no row = epoch): the most
 *   recent one (board_counts 'latest', the default: a new challenge replaces the entry even when lower), or the best
 *   one by the ranking below (board_counts 'best');
 * - only games that count for prizes (`countsForPrizes`: none completed after the final whistle, no practice);
 * - hidden players, players without a display name and players who have not confirmed their e-mail (they may play
 *   first when the organizer allows it, docs/decisions/039) are left out;
 * - ranked on the score as shown (one decimal); a tie goes to fewer guesses used (the number of the first guess that
 *   reached the best score), then less thinking time, then whoever completed first, then a stable tiebreak;
 * - thinking time is the time from the start to the best guess less an allowance for typing every character of the
 *   guesses up to it (TYPING_SECONDS_PER_CHARACTER), never below zero, in tenths of a second as shown (unknown for a
 *   game saved without guess times: ranked after known ones). The raw time would hand a tie to whoever drew the
 *   shorter prompt, since a 7-word prompt takes longer to type than a 2-word one.
 * Computed from the columns every attempt already has, so existing boards rank at once.
 */
export const rankedPrelude = sql`
  with since as (
    select coalesce((select leaderboard_since from event_settings where id = 1), 'epoch'::timestamptz) as at,
      coalesce((select board_counts = 'best' from event_settings where id = 1), false) as best
  ),
  board_games as (
    select a.user_id, a.final_score, a.completed_at, a.created_at, round(a.final_score::numeric, 1) as score,
      case when a.score_1 = a.final_score then 1 when a.score_2 = a.final_score then 2 else 3 end as guesses_used,
      round(case when t.thinking < 0 then 0 else t.thinking end, 1) as thinking
    from attempts a, since, lateral (select extract(epoch from
        case when a.score_1 = a.final_score then a.guess_1_at when a.score_2 = a.final_score then a.guess_2_at else a.completed_at end
          - a.created_at)
        - ${sql.raw(String(TYPING_SECONDS_PER_CHARACTER))} * (char_length(coalesce(a.guess_1, ''))
          + case when a.score_1 = a.final_score then 0 else char_length(coalesce(a.guess_2, '')) end
          + case when a.score_1 = a.final_score or a.score_2 = a.final_score then 0 else char_length(coalesce(a.guess_3, '')) end)
        as thinking) t
    where a.completed_at is not null and a.final_score is not null and a.completed_at > since.at
      and ${countsForPrizes}
  ),
  latest as (
    select distinct on (g.user_id) g.user_id, g.score, g.guesses_used, g.thinking, g.completed_at
    from board_games g, since
    order by g.user_id,
      case when since.best then g.score end desc nulls last,
      case when since.best then g.guesses_used end asc,
      case when since.best then g.thinking end asc,
      g.completed_at desc, g.created_at desc
  ),
  ranked as (
    select l.user_id, p.display_name, l.score, l.completed_at, l.guesses_used, l.thinking,
      p.strategy, p.strategy_updated_at,
      row_number() over (
        order by l.score desc, l.guesses_used asc, l.thinking asc nulls last, l.completed_at asc, l.user_id asc
      )::int as rank
    from latest l join profiles p on p.id = l.user_id join "user" u on u.id = l.user_id
    where u.email_verified and p.hidden = false and p.display_name is not null and btrim(p.display_name) <> ''
  )`;

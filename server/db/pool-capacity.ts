/**
 * What START can still hand out: the one definition read by START (game/game.claims.ts), the console's pool health,
 * the organizer overview and /metrics. Shared SQL like ranking.ts: each reader used to count "unused" its own way, and
 * START counted idle claims as free while the others did not, so the console disagreed with what players got.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './client';

/**
 * A prompt handed out goes back to the pool (without reuse) when its game went idle (docs/decisions/028), so accounts
 * that start and never play cannot sit on the last prompts: no guess this long after the start, or no further guess
 * this long after the last one.
 */
export const IDLE_CLAIM_SECONDS = 120;
export const IDLE_GAME_SECONDS = 600;

/** Every attempt on challenge `c` is unfinished and idle: free for another player (without reuse). */
export const idleClaim = sql`(c.claimed_at < now() - make_interval(secs => ${IDLE_CLAIM_SECONDS})
  and not exists (select 1 from attempts g where g.challenge_id = c.id
                  and (g.completed_at is not null
                       or (g.guess_1 is null and g.created_at >= now() - make_interval(secs => ${IDLE_CLAIM_SECONDS}))
                       or greatest(g.guess_1_at, g.guess_2_at) >= now() - make_interval(secs => ${IDLE_GAME_SECONDS}))))`;

/**
 * Challenge `c` may go to a player who never played it, without prompt reuse: enabled, and never handed out or its
 * claim went idle. START adds "not one this player holds already" (game.claims.ts).
 */
export const claimableWithoutReuse = sql`(not c.disabled and (c.claimed_at is null or ${idleClaim}))`;

/** The window of the rate the overview and the console project from. */
export const START_RATE_WINDOW_MINUTES = 10;

export interface PoolCapacity {
  /** Enabled challenges. */
  enabled: number;
  /** Enabled and never handed out. */
  unused: number;
  /** What START hands out now without reuse: unused plus idle claims. Players the pool still serves without reuse. */
  claimable: number;
  /** Starts (attempts created) in the last START_RATE_WINDOW_MINUTES minutes. */
  recentStarts: number;
  allowPromptReuse: boolean;
  /** What the next player can draw from: `claimable`, or every enabled challenge when prompt reuse is on. */
  available: number;
  /**
   * Minutes until `claimable` reaches 0 at the recent rate of starts; null when nobody started recently (or the pool
   * is empty already: 0).
   */
  minutesUntilEmpty: number | null;
}

/** Minutes until `left` prompts are gone at `starts` per `windowMinutes` (null: no starts, no projection). */
export function minutesUntilEmpty(left: number, starts: number, windowMinutes = START_RATE_WINDOW_MINUTES): number | null {
  if (left <= 0) return 0;
  if (starts <= 0) return null;
  return Math.round(left / (starts / windowMinutes));
}

/** The capacity in one statement (each piece an indexed count over challenges and attempts). */
export async function readPoolCapacity(db: Db): Promise<PoolCapacity> {
  const [row] = rowsOf<{ enabled: number; unused: number; claimable: number; recent: number; reuse: boolean | null }>(
    await db.execute(sql`
      select (select count(*) from challenges c where not c.disabled)::int as enabled,
             (select count(*) from challenges c where not c.disabled and c.claimed_at is null)::int as unused,
             (select count(*) from challenges c where ${claimableWithoutReuse})::int as claimable,
             (select count(*) from attempts where created_at > now() - make_interval(mins => ${START_RATE_WINDOW_MINUTES}))::int as recent,
             (select allow_prompt_reuse from event_settings where id = 1) as reuse`),
  );
  const claimable = Number(row.claimable);
  const recentStarts = Number(row.recent);
  const allowPromptReuse = row.reuse ?? false;
  return {
    enabled: Number(row.enabled),
    unused: Number(row.unused),
    claimable,
    recentStarts,
    allowPromptReuse,
    available: allowPromptReuse ? Number(row.enabled) : claimable,
    minutesUntilEmpty: minutesUntilEmpty(claimable, recentStarts),
  };
}

/** Which challenge START may hand a player, and the SQL that claims it (also what GET /api/game/next suggests). */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../db/client';
import { claimableWithoutReuse, IDLE_CLAIM_SECONDS, IDLE_GAME_SECONDS } from '../db/pool-capacity';
import type { Tx } from './game.shared';

// The idle rule and what counts as claimable live with the pool's other readers (db/pool-capacity.ts).
export { IDLE_CLAIM_SECONDS, IDLE_GAME_SECONDS } from '../db/pool-capacity';

/**
 * Whether challenge `c` may go to `userId` now, as START decides: never a disabled one; without prompt reuse an
 * unclaimed one, or one whose claim went idle (never one the player holds already); with reuse any the player has not
 * played yet.
 */
export const claimableBy = (userId: string, allowPromptReuse: boolean) =>
  allowPromptReuse
    ? sql`not c.disabled and not exists (select 1 from attempts a where a.user_id = ${userId} and a.challenge_id = c.id)`
    : sql`${claimableWithoutReuse}
          and (c.claimed_at is null or not exists (select 1 from attempts a where a.user_id = ${userId} and a.challenge_id = c.id))`;

/** Challenges that are some other player's suggestion go last, so suggestions (and the phones' downloads) rarely collide. */
export const suggestedToOthers = (userId: string) =>
  sql`exists (select 1 from profiles o where o.next_challenge_id = c.id and o.id <> ${userId})`;

/**
 * START's claim of the player's own suggestion `challengeId`, when still claimable. Without reuse it locks exactly like
 * the random claim (FOR UPDATE SKIP LOCKED, re-checked after the lock): a concurrent start holding it makes this one
 * fall back.
 */
export const suggestedClaim = (userId: string, challengeId: string, allowPromptReuse: boolean) =>
  allowPromptReuse
    ? sql`update challenges set claimed_at = coalesce(claimed_at, now())
          where id = (select c.id from challenges c where c.id = ${challengeId} and ${claimableBy(userId, true)} for update)
          returning id, image_key, prompt, embedder_id`
    : sql`update challenges set claimed_at = now()
          where id = (select c.id from challenges c where c.id = ${challengeId} and ${claimableBy(userId, false)} for update skip locked)
          returning id, image_key, prompt, embedder_id`;

/** START's claim when the player has no claimable suggestion: a random claimable challenge, as before suggestions. */
export const randomClaim = (userId: string, allowPromptReuse: boolean) =>
  allowPromptReuse
    ? sql`update challenges set claimed_at = coalesce(claimed_at, now())
          where id = (select c.id from challenges c
                      where ${claimableBy(userId, true)}
                      order by c.claimed_at is not null, ${suggestedToOthers(userId)}, random() limit 1 for update)
          returning id, image_key, prompt, embedder_id`
    : sql`update challenges set claimed_at = now()
          where id = (select c.id from challenges c where ${claimableBy(userId, false)}
                      order by c.claimed_at is not null, ${suggestedToOthers(userId)}, random() limit 1 for update skip locked)
          returning id, image_key, prompt, embedder_id`;

/** Seconds until the first prompt of an unfinished game goes back to the pool (null: every prompt was played). */
export async function secondsUntilAClaimGoesIdle(tx: Tx): Promise<number | null> {
  const rows = rowsOf<{ wait: number | null }>(
    await tx.execute(sql`
    select extract(epoch from min(idle_at) - now())::float8 as wait
    from (select c.id, max(case when g.guess_1 is null then g.created_at + make_interval(secs => ${IDLE_CLAIM_SECONDS})
                                else greatest(g.guess_1_at, g.guess_2_at) + make_interval(secs => ${IDLE_GAME_SECONDS}) end) as idle_at
          from challenges c join attempts g on g.challenge_id = c.id
          where not c.disabled and c.claimed_at is not null
          group by c.id
          having bool_and(g.completed_at is null)) held`),
  );
  const wait = rows[0]?.wait;
  return wait === null || wait === undefined ? null : Math.max(1, Math.ceil(Number(wait)));
}

export async function claimOne(tx: Tx, claim: SQL) {
  return rowsOf<{ id: string; image_key: string; prompt: string; embedder_id: string | null }>(await tx.execute(claim))[0];
}

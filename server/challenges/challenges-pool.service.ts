/** The pool as organizers see it: every challenge with its state and results, pool health, disable and delete. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AdminChallenge, AdminChallengesQuery, PoolHealth } from '@contracts/admin-challenges';
import type { ChallengeState } from '@contracts/admin-challenges.rules';
import { adminChallengeErrorCodes } from '@contracts/admin-challenges.rules';
import type { Db } from '../db/client';
import { readPoolCapacity, START_RATE_WINDOW_MINUTES } from '../db/pool-capacity';
import { retryOnDeadlock } from '../db/races';
import { attempts } from '../db/tables/game.tables';
import { challenges } from '../db/tables/challenges.tables';
import { HttpError } from '../http/http-error';
import { isHardToScore } from '../scoring/difficulty';
import { imageUrlFor, type ImageStorage } from '../storage/image-storage';
import { starterPackCounts } from './starter-pack';

/**
 * Each challenge with its state: disabled; in play (someone is guessing it now); played (handed out before: claimed,
 * or has attempts); unused (never handed out).
 */
const withState = sql`
  select c.id, c.image_key, c.prompt, c.source, c.practice, c.created_at, c.difficulty,
         coalesce(s.times, 0)::int as times_played, s.average_score,
         case when c.disabled then 'disabled'
              when coalesce(s.open, false) then 'in_play'
              when c.claimed_at is not null or s.times > 0 then 'played'
              else 'unused' end as state
  from challenges c
  left join (select challenge_id, count(*) as times, bool_or(completed_at is null) as open,
                    avg(final_score::numeric)::float8 as average_score
             from attempts group by challenge_id) s on s.challenge_id = c.id`;

interface StateRow {
  id: string;
  image_key: string;
  prompt: string;
  source: string | null;
  practice: boolean;
  created_at: Date | string;
  times_played: number;
  average_score: number | null;
  difficulty: number | null;
  state: ChallengeState;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export const poolErrors = {
  notFound: () => new HttpError(404, adminChallengeErrorCodes.challengeNotFound, 'That challenge was not found.'),
  used: () =>
    new HttpError(409, adminChallengeErrorCodes.challengeUsed, 'This challenge has been played: disable it instead of deleting it.'),
};

export function createPoolService({ db, storage }: { db: Db; storage: ImageStorage }) {
  async function list(query: AdminChallengesQuery): Promise<{ challenges: AdminChallenge[]; total: number }> {
    const filter = query.state ? sql`where state = ${query.state}` : sql``;
    const rows = rowsOf<StateRow>(
      await db.execute(
        sql`select * from (${withState}) pool ${filter} order by created_at desc, id limit ${query.limit} offset ${query.offset}`,
      ),
    );
    const [{ total }] = rowsOf<{ total: number }>(await db.execute(sql`select count(*)::int as total from (${withState}) pool ${filter}`));
    return {
      total: Number(total),
      challenges: rows.map((row) => ({
        id: row.id,
        imageUrl: imageUrlFor(row.image_key),
        prompt: row.prompt,
        source: row.source,
        practice: Boolean(row.practice),
        state: row.state,
        timesPlayed: Number(row.times_played),
        averageScore: row.average_score === null ? null : Math.round(Number(row.average_score) * 10) / 10,
        difficulty: row.difficulty === null ? null : Math.round(Number(row.difficulty) * 10) / 10,
        hardToScore: isHardToScore(row.difficulty),
        createdAt: new Date(row.created_at).toISOString(),
      })),
    };
  }

  async function health(): Promise<PoolHealth> {
    const [counts] = rowsOf<Record<ChallengeState, number> & { used_last_hour: number }>(
      await db.execute(sql`
        select count(*) filter (where state = 'unused')::int as unused,
               count(*) filter (where state = 'in_play')::int as in_play,
               count(*) filter (where state = 'played')::int as played,
               count(*) filter (where state = 'disabled')::int as disabled,
               (select count(*) from challenges where claimed_at > now() - interval '1 hour')::int as used_last_hour
        from (${withState}) pool`),
    );
    // What START hands out and the rate of starts: the one definition (db/pool-capacity.ts) START itself uses.
    const capacity = await readPoolCapacity(db);
    const unused = Number(counts.unused);
    const usedLastHour = Number(counts.used_last_hour);
    return {
      total: unused + Number(counts.in_play) + Number(counts.played) + Number(counts.disabled),
      unused,
      claimable: capacity.claimable,
      recentStarts: capacity.recentStarts,
      rateWindowMinutes: START_RATE_WINDOW_MINUTES,
      inPlay: Number(counts.in_play),
      played: Number(counts.played),
      disabled: Number(counts.disabled),
      usedLastHour,
      minutesLeft: capacity.minutesUntilEmpty,
      allowPromptReuse: capacity.allowPromptReuse,
      starterPack: await starterPackCounts(db),
    };
  }

  async function setDisabled(id: string, disabled: boolean): Promise<void> {
    const updated = await db.update(challenges).set({ disabled }).where(eq(challenges.id, id)).returning({ id: challenges.id });
    if (updated.length === 0) throw poolErrors.notFound();
  }

  /** Disables (or enables) these challenges at once; how many exist. */
  async function setDisabledMany(ids: string[], disabled: boolean): Promise<number> {
    const updated = await db.update(challenges).set({ disabled }).where(inArray(challenges.id, ids)).returning({ id: challenges.id });
    return updated.length;
  }

  /** Only a challenge nobody ever got may be deleted (attempts keep pointing at played ones). */
  async function deleteUnused(id: string): Promise<void> {
    // Deleting clears players' suggestions of it (ON DELETE SET NULL: challenge, then profile), the opposite order of
    // GET /api/game/next choosing it (profile, then the challenge's key): PostgreSQL may abort one of the two.
    const deleted = await retryOnDeadlock(() =>
      db
        .delete(challenges)
        .where(
          and(
            eq(challenges.id, id),
            isNull(challenges.claimedAt),
            sql`not exists (select 1 from ${attempts} where ${attempts.challengeId} = ${challenges.id})`,
          ),
        )
        .returning({ imageKey: challenges.imageKey }),
    );
    if (deleted.length === 0) {
      const [exists] = await db.select({ id: challenges.id }).from(challenges).where(eq(challenges.id, id));
      throw exists ? poolErrors.used() : poolErrors.notFound();
    }
    await storage.delete(deleted[0].imageKey);
  }

  return { list, health, setDisabled, setDisabledMany, deleteUnused };
}

export type PoolService = ReturnType<typeof createPoolService>;

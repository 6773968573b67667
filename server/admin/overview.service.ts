/** The organizer's overview: counts, the current top 3, two charts' data and the warnings an organizer must see. */
import { sql } from 'drizzle-orm';
import type { AdminOverview, OverviewWarning } from '@contracts/admin-overview';
import { GAMES_BUCKET_MINUTES, OVERVIEW_TOP_SIZE, OVERVIEW_WARNING_CODES, SCORE_HISTOGRAM_BUCKETS } from '@contracts/admin.rules';
import { rowsOf, type Db } from '../db/client';
import { claimableWithoutReuse, minutesUntilEmpty, START_RATE_WINDOW_MINUTES } from '../db/pool-capacity';
import { rankedPrelude } from '../db/ranking';

export interface OverviewConfig {
  publicUrl: string;
  gameUrl: string;
  production: boolean;
  /** Mails are captured (no SMTP_URL) instead of sent. */
  mailCapture: boolean;
}

/** The pool counts as low below this share of its enabled challenges. */
export const POOL_LOW_SHARE = 0.1;
/** Draining: the claims of the last 10 minutes, at that pace, would empty what is left within this many minutes. */
export const POOL_DRAIN_HORIZON_MINUTES = 30;
/** The games chart covers at most this many buckets (24 h). */
const MAX_GAME_BUCKETS = (24 * 60) / GAMES_BUCKET_MINUTES;

export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || host.startsWith('127.') || host === '0.0.0.0';
}

interface Counts {
  players: number;
  started: number;
  completed: number;
  guesses5: number;
  total: number;
  disabled: number;
  unused: number;
  claimable: number;
  enabled: number;
  claimed10: number;
  is_open: boolean;
  reuse: boolean;
  top: Array<{ rank: number; displayName: string; score: number }> | null;
  histogram: number[] | null;
  games: Array<{ bucket: string; started: number; completed: number }> | null;
}

/** Everything in one statement: one round trip per refresh, whatever the number of watching organizers. */
async function readCounts(db: Db): Promise<Counts> {
  const bucketSeconds = GAMES_BUCKET_MINUTES * 60;
  const result = await db.execute(sql`${rankedPrelude},
    settings as (select coalesce((select is_open from event_settings where id = 1), true) as is_open,
                        coalesce((select allow_prompt_reuse from event_settings where id = 1), false) as reuse),
    buckets as (
      select to_timestamp(floor(extract(epoch from t) / ${bucketSeconds}) * ${bucketSeconds}) as bucket, kind
      from (select created_at as t, 'started' as kind from attempts where created_at > now() - interval '24 hours'
            union all
            select completed_at, 'completed' from attempts where completed_at > now() - interval '24 hours') x
    )
    select
      (select count(*)::int from "user" where role <> 'organizer') as players,
      (select count(*)::int from attempts) as started,
      (select count(*)::int from attempts where completed_at is not null) as completed,
      (select (count(*) filter (where guess_1_at > now() - interval '5 minutes')
             + count(*) filter (where guess_2_at > now() - interval '5 minutes')
             + count(*) filter (where completed_at > now() - interval '5 minutes'))::int
         from attempts) as guesses5,
      (select count(*)::int from challenges) as total,
      (select count(*)::int from challenges where disabled) as disabled,
      (select count(*)::int from challenges where not disabled and claimed_at is null) as unused,
      (select count(*)::int from challenges c where ${claimableWithoutReuse}) as claimable,
      (select count(*)::int from challenges where not disabled) as enabled,
      (select count(*)::int from attempts where created_at > now() - make_interval(mins => ${START_RATE_WINDOW_MINUTES})) as claimed10,
      (select is_open from settings) as is_open,
      (select reuse from settings) as reuse,
      (select json_agg(json_build_object('rank', rank, 'displayName', display_name, 'score', score::float8) order by rank)
         from ranked where rank <= ${OVERVIEW_TOP_SIZE}) as top,
      (select json_agg(coalesce(h.n, 0) order by b.i)
         from generate_series(0, ${SCORE_HISTOGRAM_BUCKETS - 1}) b(i)
         left join (select least(floor(score / (100.0 / ${SCORE_HISTOGRAM_BUCKETS})), ${SCORE_HISTOGRAM_BUCKETS - 1})::int as i, count(*)::int as n
                    from ranked group by 1) h on h.i = b.i) as histogram,
      (select json_agg(json_build_object('bucket', bucket, 'started', s, 'completed', c) order by bucket)
         from (select bucket, count(*) filter (where kind = 'started')::int as s, count(*) filter (where kind = 'completed')::int as c
               from buckets group by bucket) g) as games`);
  return rowsOf<Counts>(result)[0];
}

/** Fills the empty 10-minute buckets between the first game and now, so the chart's time axis is even. */
function gameSeries(rows: Counts['games'], now: Date): AdminOverview['gamesPer10Minutes'] {
  if (!rows || rows.length === 0) return [];
  const step = GAMES_BUCKET_MINUTES * 60_000;
  const byStart = new Map(rows.map((row) => [new Date(row.bucket).getTime(), row]));
  const last = Math.floor(now.getTime() / step) * step;
  const first = Math.max(Math.min(...byStart.keys()), last - (MAX_GAME_BUCKETS - 1) * step);
  const series: AdminOverview['gamesPer10Minutes'] = [];
  for (let start = first; start <= last; start += step) {
    const row = byStart.get(start);
    series.push({ start: new Date(start).toISOString(), started: Number(row?.started ?? 0), completed: Number(row?.completed ?? 0) });
  }
  return series;
}

export function overviewWarnings(
  counts: Pick<Counts, 'enabled' | 'unused' | 'claimable' | 'claimed10' | 'is_open' | 'reuse'>,
  config: OverviewConfig,
): OverviewWarning[] {
  const warnings: OverviewWarning[] = [];
  const available = counts.reuse ? counts.enabled : counts.claimable;
  if (available === 0) {
    warnings.push({
      code: OVERVIEW_WARNING_CODES.poolEmpty,
      severity: 'critical',
      message: 'The challenge pool is empty: players cannot start a challenge. Import or generate challenges, or allow prompt reuse.',
    });
  } else if (!counts.reuse && available < counts.enabled * POOL_LOW_SHARE) {
    warnings.push({
      code: OVERVIEW_WARNING_CODES.poolLow,
      severity: 'warning',
      message: `Only ${available} of ${counts.enabled} challenges are left (below 10 %). Import or generate more, or allow prompt reuse.`,
    });
  }
  // With reuse on nothing runs out, but the unused prompts do (then players share them): a fast drain is news either way.
  const draining =
    counts.claimed10 > 0 &&
    counts.claimed10 * (POOL_DRAIN_HORIZON_MINUTES / START_RATE_WINDOW_MINUTES) >= (counts.reuse ? counts.unused : counts.claimable);
  if (!counts.reuse && available > 0 && draining) {
    warnings.push({
      code: OVERVIEW_WARNING_CODES.poolDraining,
      severity: 'warning',
      message: `${counts.claimed10} challenges were started in the last 10 minutes: at this pace the ${available} left run out within ${POOL_DRAIN_HORIZON_MINUTES} minutes.`,
    });
  } else if (counts.reuse && counts.enabled > 0 && draining) {
    warnings.push({
      code: OVERVIEW_WARNING_CODES.poolDraining,
      severity: 'warning',
      message:
        counts.unused === 0
          ? `${counts.claimed10} challenges were started in the last 10 minutes and every prompt has been handed out: players now share prompts.`
          : `${counts.claimed10} challenges were started in the last 10 minutes: at this pace the ${counts.unused} unused prompts run out within ${POOL_DRAIN_HORIZON_MINUTES} minutes, then players share prompts.`,
    });
  }
  if (!counts.is_open) {
    warnings.push({
      code: OVERVIEW_WARNING_CODES.eventClosed,
      severity: 'warning',
      message: 'The event is closed: players cannot start new challenges.',
    });
  }
  if (isLocalUrl(config.publicUrl)) {
    warnings.push({
      code: OVERVIEW_WARNING_CODES.publicUrlLocal,
      severity: 'warning',
      message: `PUBLIC_URL is ${config.publicUrl}: mail links and sign-in only work on this machine. Set it to the address phones use.`,
    });
  }
  if (isLocalUrl(config.gameUrl)) {
    warnings.push({
      code: OVERVIEW_WARNING_CODES.gameUrlLocal,
      severity: 'warning',
      message: `The booth QR code opens ${config.gameUrl}, which phones cannot reach. Set GAME_URL (or PUBLIC_URL).`,
    });
  }
  if (config.production && config.mailCapture) {
    warnings.push({
      code: OVERVIEW_WARNING_CODES.mailCaptureInProduction,
      severity: 'critical',
      message: 'Mail is captured, not sent (no SMTP_URL): players never get their confirmation mails.',
    });
  }
  return warnings;
}

export async function readOverview(db: Db, config: OverviewConfig): Promise<AdminOverview> {
  const counts = await readCounts(db);
  const now = new Date();
  const histogram = counts.histogram ?? Array.from({ length: SCORE_HISTOGRAM_BUCKETS }, () => 0);
  const width = 100 / SCORE_HISTOGRAM_BUCKETS;
  return {
    generatedAt: now.toISOString(),
    playersSignedUp: Number(counts.players),
    gamesStarted: Number(counts.started),
    gamesCompleted: Number(counts.completed),
    guessesLast5Minutes: Number(counts.guesses5),
    challenges: {
      total: Number(counts.total),
      disabled: Number(counts.disabled),
      unused: Number(counts.unused),
      available: counts.reuse ? Number(counts.enabled) : Number(counts.claimable),
      claimable: Number(counts.claimable),
      claimedLast10Minutes: Number(counts.claimed10),
      minutesUntilEmpty: minutesUntilEmpty(Number(counts.claimable), Number(counts.claimed10)),
    },
    event: { isOpen: counts.is_open, allowPromptReuse: counts.reuse },
    top: (counts.top ?? []).map((row) => ({ rank: Number(row.rank), displayName: row.displayName, score: Number(row.score) })),
    scoreHistogram: histogram.map((count, i) => ({ from: i * width, to: (i + 1) * width, count: Number(count) })),
    gamesPer10Minutes: gameSeries(counts.games, now),
    warnings: overviewWarnings(counts, config),
  };
}

/**
 * Rate limits and backoff kept in the database, so every instance on it enforces one budget (no per-process
 * memory). Each check is one statement: an atomic upsert of fixed-window counters, or a read of backoff rows.
 */
import { and, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/tables/limits.tables';

/** At most `max` hits per `windowMs` for one key. */
export interface WindowRule {
  name: string;
  windowMs: number;
  max: number;
}

/** Failures are free up to `free`; each further one blocks for base·2^(n−free−1), never longer than `maxBlockMs`. */
export interface BackoffRule {
  name: string;
  /** Failures are forgotten after this long without a new one. */
  windowMs: number;
  free: number;
  baseBlockMs: number;
  maxBlockMs: number;
}

export interface Hit {
  rule: WindowRule;
  /** What the rule is keyed on (an address, a user id, an e-mail). */
  on: string;
  /** The player this row is about, for forgetRateLimitsFor. */
  subject?: string;
}

export interface Verdict {
  allowed: boolean;
  /** Seconds until the first refusing rule lets the caller in again (0 when allowed). */
  retryAfterSeconds: number;
  /** Name of the rule that refused. */
  refusedBy?: string;
}

export type Clock = () => number;

const keyOf = (name: string, on: string) => `${name}:${on}`;
const ALLOWED: Verdict = { allowed: true, retryAfterSeconds: 0 };

function refuse(name: string, untilMs: number, now: number): Verdict {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((untilMs - now) / 1000)), refusedBy: name };
}

/** The verdict on one rule, from the count and window end its counter returned. */
export const verdictOf = (rule: WindowRule, counted: { count: number; windowEndsAt: number }, now: number): Verdict =>
  counted.count > rule.max ? refuse(rule.name, counted.windowEndsAt, now) : ALLOWED;

/**
 * A counter is not worth a disk flush: the commit does not wait for one (on PGlite a flush holds the database thread
 * for milliseconds, on every guess). A crash may forget the last few hits; nothing else is lost (a guess is counted with a
 * plain 1 in the statement that stores it, which commits durably). set_config(…, true) holds for the statement's own
 * transaction only, so the upsert and its relaxed commit are one round trip (not BEGIN, SET LOCAL, the upsert and
 * COMMIT). Worth 1: it is the count of a new counter row.
 */
const ONE_WITHOUT_FLUSH = sql`case when set_config('synchronous_commit', 'off', true) = 'off' then 1 end`;

/**
 * The upsert that counts one hit on each of `rows` (distinct keys); a new window starts where a row's has ended (the
 * proposed row's window end is `now` plus its rule's window). Returns each key's count and window end.
 */
function countHits(db: Db, rows: PgInsertValue<typeof rateLimitCounters>[], now: SQL) {
  const table = rateLimitCounters;
  const expired = sql`${table.windowEndsAt} <= ${now}`;
  return db
    .insert(table)
    .values(rows)
    .onConflictDoUpdate({
      target: table.key,
      set: {
        count: sql`case when ${expired} then 1 else ${table.count} + 1 end`,
        windowEndsAt: sql`case when ${expired} then excluded.window_ends_at else ${table.windowEndsAt} end`,
      },
    })
    .returning({ key: table.key, count: table.count, windowEndsAt: table.windowEndsAt });
}

/**
 * countHits for one hit on one key, with placeholders (`limitKey`, `limitSubject`, `limitNow`, `limitWindowEndsAt` for a
 * window that starts now: oneHitValues) named apart from those of a statement it is part of. `first` is the count of a
 * new row, 1 or an expression worth 1. A statement of its own (hit()), or a part of another: a guess counts its hit in
 * the statement that stores it (game.guess.ts).
 */
export function countOneHit(db: Db, first: SQL | number = 1) {
  const row = {
    key: sql.placeholder('limitKey'),
    subject: sql.placeholder('limitSubject'),
    count: first,
    windowEndsAt: sql`${sql.placeholder('limitWindowEndsAt')}::bigint`,
  };
  return countHits(db, [row], sql`${sql.placeholder('limitNow')}::bigint`);
}

/** The placeholders of countOneHit for one hit of `rule` on `on`, now. */
export const oneHitValues = (rule: WindowRule, on: string, subject: string | null, now: number) => ({
  limitKey: keyOf(rule.name, on),
  limitSubject: subject,
  limitNow: now,
  limitWindowEndsAt: now + rule.windowMs,
});

/** One hit on each of several rules (one upsert); the verdict is the longest refusal, if any. */
async function hitAll(db: Db, hits: Hit[], now: number): Promise<Verdict> {
  const byKey = new Map(hits.map((h) => [keyOf(h.rule.name, h.on), h]));
  const rows = [...byKey].map(([key, h]) => ({
    key,
    subject: h.subject ?? null,
    count: ONE_WITHOUT_FLUSH,
    windowEndsAt: now + h.rule.windowMs,
  }));
  let verdict = ALLOWED;
  for (const row of await countHits(db, rows, sql`${now}::bigint`)) {
    const candidate = verdictOf(byKey.get(row.key)!.rule, row, now);
    if (!candidate.allowed && (verdict.allowed || candidate.retryAfterSeconds > verdict.retryAfterSeconds)) verdict = candidate;
  }
  return verdict;
}

/** The longest block standing on any of these backoff keys now, or ALLOWED. */
async function blockedVerdict(db: Db, keys: Array<{ rule: BackoffRule; on: string }>, now: number): Promise<Verdict> {
  const table = rateLimitCounters;
  const rows = await db
    .select({ key: table.key, blockedUntil: table.blockedUntil })
    .from(table)
    .where(
      inArray(
        table.key,
        keys.map((k) => keyOf(k.rule.name, k.on)),
      ),
    );
  let verdict = ALLOWED;
  for (const row of rows) {
    if (row.blockedUntil !== null && row.blockedUntil > now) {
      const candidate = refuse(row.key.split(':')[0], row.blockedUntil, now);
      if (verdict.allowed || candidate.retryAfterSeconds > verdict.retryAfterSeconds) verdict = candidate;
    }
  }
  return verdict;
}

/** One failure on a backoff rule's key, and whose it is (the e-mail, when it is about one). */
interface Failure {
  rule: BackoffRule;
  on: string;
  subject?: string;
}

/**
 * The upsert of one failure on each of `failures` (one per key; one statement, whose commit waits for no flush, like a
 * hit's): counted in its window and, past its rule's free ones, blocked for a doubling, capped time. Each row carries its
 * rule's numbers, read back by key in the conflict branch.
 */
function failuresUpsert(failures: Failure[], now: number): SQL {
  const byKey = new Map(failures.map((failure) => [keyOf(failure.rule.name, failure.on), failure]));
  const rows = [...byKey].map(
    ([key, { rule, subject }]) =>
      sql`(${key}::text, ${subject ?? null}::text, ${now + rule.windowMs}::bigint, ${rule.free < 1 ? now + Math.min(rule.maxBlockMs, rule.baseBlockMs) : null}::bigint, ${rule.free}::int, ${rule.baseBlockMs}::float8, ${rule.maxBlockMs}::bigint)`,
  );
  const count = sql`(case when rate_limit_counters.window_ends_at <= ${now}::bigint then 1 else rate_limit_counters.count + 1 end)`;
  const blockFor = sql`(select case when ${count} > failure.free then ${now}::bigint + least(failure.max_block_ms, (failure.base_block_ms * power(2, least(40, ${count} - failure.free - 1)))::bigint) end from failure where failure.key = excluded.key)`;
  return sql`
    with failure (key, subject, window_ends_at, first_block, free, base_block_ms, max_block_ms) as (values ${sql.join(rows, sql`, `)})
    insert into rate_limit_counters as rate_limit_counters (key, subject, count, window_ends_at, blocked_until)
    select key, subject, ${ONE_WITHOUT_FLUSH}, window_ends_at, first_block from failure
    on conflict (key) do update set
      count = ${count},
      window_ends_at = excluded.window_ends_at,
      blocked_until = ${blockFor}`;
}

export function createLimitStore(db: Db, clock: Clock = Date.now) {
  const table = rateLimitCounters;

  /** One hit, the common case (every guess and start counts one rule): built once and prepared, not planned per call. */
  const oneHit = countOneHit(db, ONE_WITHOUT_FLUSH).prepare('rate_limit_hit');

  /** Counts one hit on every rule (one upsert, whose commit waits for no flush) and refuses when any is over its max. */
  async function hit(hits: Hit[]): Promise<Verdict> {
    if (hits.length === 0) return ALLOWED;
    const now = clock();
    if (hits.length === 1) {
      const [{ rule, on, subject }] = hits;
      const [row] = await oneHit.execute(oneHitValues(rule, on, subject ?? null, now));
      return verdictOf(rule, row, now);
    }
    return hitAll(db, hits, now);
  }

  /** Refuses while any of these backoff keys is blocked; counts nothing. */
  async function checkBackoff(keys: Array<{ rule: BackoffRule; on: string }>): Promise<Verdict> {
    if (keys.length === 0) return ALLOWED;
    return blockedVerdict(db, keys, clock());
  }

  /** Records one failure on each backoff key (one statement); past a rule's free ones, its key is blocked a while. */
  async function recordFailures(failures: Failure[]): Promise<void> {
    if (failures.length > 0) await db.execute(failuresUpsert(failures, clock()));
  }
  const recordFailure = (rule: BackoffRule, on: string, subject?: string) => recordFailures([{ rule, on, subject }]);

  /** Forgets these keys (a success clears the failures that led up to it). */
  async function clear(keys: Array<{ rule: { name: string }; on: string }>): Promise<void> {
    if (keys.length === 0) return;
    await db.delete(table).where(
      inArray(
        table.key,
        keys.map((k) => keyOf(k.rule.name, k.on)),
      ),
    );
  }

  /**
   * Whether any of these counters (window or backoff rules, not counted now) stands at `share` of its limit or more in
   * its current window: an address "under pressure" before it is refused.
   */
  async function nearLimit(keys: Array<{ rule: WindowRule | BackoffRule; on: string }>, share: number): Promise<boolean> {
    if (keys.length === 0) return false;
    const now = clock();
    const limitOf = new Map(keys.map((k) => [keyOf(k.rule.name, k.on), 'max' in k.rule ? k.rule.max : k.rule.free]));
    const rows = await db
      .select({ key: table.key, count: table.count, windowEndsAt: table.windowEndsAt })
      .from(table)
      .where(inArray(table.key, [...limitOf.keys()]));
    return rows.some((row) => row.windowEndsAt > now && row.count >= limitOf.get(row.key)! * share);
  }

  /** Records `key` until `untilMs` unless it is recorded already: true for the first caller only, on every instance. */
  async function claimOnce(key: string, untilMs: number): Promise<boolean> {
    // Its commit waits for no flush either: after a crash, at most the last moment's claims could be made again.
    const claimed = await db
      .insert(table)
      .values({ key, count: ONE_WITHOUT_FLUSH, windowEndsAt: untilMs })
      .onConflictDoNothing()
      .returning({ key: table.key });
    return claimed.length === 1;
  }

  /** Deletes rows whose window ended and that block nobody (housekeeping; safe to run from any instance). */
  async function sweep(): Promise<number> {
    const now = clock();
    const deleted = await db
      .delete(table)
      .where(and(lt(table.windowEndsAt, now), or(sql`${table.blockedUntil} is null`, lt(table.blockedUntil, now))))
      .returning({ key: table.key });
    return deleted.length;
  }

  return { hit, checkBackoff, recordFailure, recordFailures, clear, nearLimit, claimOnce, sweep, clock };
}

export type LimitStore = ReturnType<typeof createLimitStore>;

/** Sweeps finished rows every `everyMs` (unref'd); returns the stop function for the app's onClose. */
export function startLimitSweeper(store: LimitStore, onError: (error: unknown) => void, everyMs = 10 * 60_000): () => void {
  const timer = setInterval(() => store.sweep().catch(onError), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Removes every limit row keyed on a player (their user id or e-mail), e.g. when the organizer deletes the player. */
export async function forgetRateLimitsFor(db: Db, who: { userId?: string; email?: string }): Promise<number> {
  const subjects = [who.userId, who.email?.trim().toLowerCase()].filter((s): s is string => Boolean(s));
  if (subjects.length === 0) return 0;
  const deleted = await db
    .delete(rateLimitCounters)
    .where(inArray(rateLimitCounters.subject, subjects))
    .returning({ key: rateLimitCounters.key });
  return deleted.length;
}

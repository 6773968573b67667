/**
 * The durable job queue both background workers use (the mail outbox, image generation): a job is a row; a worker
 * claims due rows under a lease with FOR UPDATE SKIP LOCKED (so instances never take the same row), completes it,
 * or puts it back to retry later with exponential backoff. A worker that dies leaves its lease to expire, and the
 * row becomes claimable again. One SQL dialect, run as is by PGlite and PostgreSQL.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from './client';

/** `now()` plus `ms` milliseconds (the database's clock, as every instance shares it). */
export const nowPlusMs = (ms: number): SQL => sql`now() + ${Math.round(ms)} * interval '1 millisecond'`;

/** The delay before try number `tries + 1`: `baseMs` doubled per failed try, at most `capMs`. */
export const backoffMs = (baseMs: number, tries: number, capMs: number) => Math.min(capMs, baseMs * 2 ** Math.max(0, tries - 1));

export interface ClaimSpec {
  /** The queue's table (its primary key is `id`). */
  table: string;
  /** Which rows are due: queued and ready, or held under a lease that expired. */
  due: SQL;
  /** Claim order among due rows. */
  order: SQL;
  /** What claiming sets: at least the lease (`locked_until = nowPlusMs(leaseMs)`) and the try count. */
  set: SQL;
  /** The claimed rows' columns. */
  returning: SQL;
  limit: number;
}

/** Claims up to `limit` due rows for this worker, skipping rows another worker holds; returns them. */
export async function claimJobs<Row>(db: Pick<Db, 'execute'>, spec: ClaimSpec): Promise<Row[]> {
  const table = sql.identifier(spec.table);
  return rowsOf<Row>(
    await db.execute(sql`
      update ${table} set ${spec.set}
      where id in (select id from ${table} where ${spec.due} order by ${spec.order} limit ${spec.limit} for update skip locked)
      returning ${spec.returning}`),
  );
}

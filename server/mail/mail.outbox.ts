/** The durable mail outbox: a request inserts a row and returns; this worker sends it, retrying with backoff. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { backoffMs, claimJobs, nowPlusMs } from '../db/job-queue';
import { mailOutbox } from '../db/tables/mail.tables';
import type { MailContent } from './mail.templates';

export interface OutboxOptions {
  db: Db;
  /** Sends one mail (SMTP); throws on failure. */
  deliver(to: string, content: MailContent): Promise<void>;
  /** First retry delay; doubles per failed attempt up to maxRetryMs. */
  retryBaseMs: number;
  maxRetryMs?: number;
  /** How often due rows (retries, mail queued by other instances) are looked for. */
  pollMs: number;
  onError?(error: unknown, message: string): void;
}

const BATCH = 10;
/** A claimed row stays with its worker this long; a crash mid-send frees it again afterwards. */
const LEASE_MS = 60_000;

export function createOutbox(options: OutboxOptions) {
  const { db } = options;
  const maxRetryMs = options.maxRetryMs ?? 5 * 60_000;
  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<void> | undefined;
  let again = false;
  let closed = false;

  async function enqueue(to: string, content: MailContent): Promise<void> {
    await db.insert(mailOutbox).values({ to, subject: content.subject, text: content.text, html: content.html });
    poke();
  }

  /** Claims due rows (skipping rows other workers hold) and sends them; repeats while there is more. */
  async function drainOnce(): Promise<number> {
    const rows = await claimJobs<{ id: number; to: string; subject: string; text: string; html: string; attempts: number }>(db, {
      table: 'mail_outbox',
      due: sql`next_attempt_at <= now() and (locked_until is null or locked_until < now())`,
      order: sql`id`,
      set: sql`locked_until = ${nowPlusMs(LEASE_MS)}, attempts = attempts + 1`,
      returning: sql`id, "to", subject, text, html, attempts`,
      limit: BATCH,
    });
    await Promise.all(
      rows.map(async (row) => {
        try {
          await options.deliver(row.to, { subject: row.subject, text: row.text, html: row.html });
          await db.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
        } catch (error) {
          const delayMs = backoffMs(options.retryBaseMs, row.attempts, maxRetryMs);
          options.onError?.(error, `mail to outbox row ${row.id} failed (attempt ${row.attempts}); retrying in ${delayMs} ms`);
          await db
            .update(mailOutbox)
            .set({
              lockedUntil: null,
              lastError: String((error as Error)?.message ?? error).slice(0, 500),
              nextAttemptAt: nowPlusMs(delayMs),
            })
            .where(eq(mailOutbox.id, row.id));
        }
      }),
    );
    return rows.length;
  }

  /** Starts a drain unless one runs; a poke during a drain makes it look once more when done. */
  function poke(): void {
    if (closed) return;
    if (draining) {
      again = true;
      return;
    }
    draining = (async () => {
      do {
        again = false;
        try {
          while (!closed && (await drainOnce()) === BATCH);
        } catch (error) {
          options.onError?.(error, 'mail outbox drain failed');
        }
      } while (again && !closed);
    })().finally(() => (draining = undefined));
  }

  /** Waits for the current drain, at most `ms`. */
  async function settle(ms: number): Promise<void> {
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([draining, new Promise((resolve) => (timeout = setTimeout(resolve, ms)))]);
    clearTimeout(timeout);
  }

  return {
    enqueue,
    poke,
    start() {
      closed = false;
      timer = setInterval(poke, options.pollMs);
      timer.unref();
      poke();
    },
    /** Stops polling and waits up to `graceMs` for a send in progress; unsent rows stay for the next start. */
    async stop(graceMs = 2000) {
      closed = true;
      clearInterval(timer);
      await settle(graceMs);
    },
    settle,
    /** Resolves once nothing is being sent right now (tests). */
    async idle() {
      while (draining) await draining;
    },
  };
}

/** Mails waiting in the outbox, over every instance (GET /metrics). */
export async function outboxDepth(db: Db): Promise<number> {
  const [row] = await db.select({ depth: sql<number>`count(*)::int` }).from(mailOutbox);
  return Number(row.depth);
}

/** Seconds since the oldest mail still waiting was queued (0 when none waits): an outbox that stopped draining grows it. */
export async function outboxOldestSeconds(db: Db): Promise<number> {
  const [row] = await db
    .select({ age: sql<number>`coalesce(extract(epoch from now() - min(${mailOutbox.createdAt})), 0)::float8` })
    .from(mailOutbox);
  return Number(row.age);
}

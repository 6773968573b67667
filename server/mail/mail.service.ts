import { desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { capturedMail } from '../db/tables/mail.tables';
import { createOutbox } from './mail.outbox';
import type { MailContent } from './mail.templates';

export interface Mailer {
  /** 'smtp' sends for real; 'capture' stores the mail for /dev/mail. */
  readonly mode: 'smtp' | 'capture';
  send(to: string, content: MailContent): Promise<void>;
  /** Background sending (the SMTP outbox): started when the app is ready, stopped when it closes. */
  start?(): void;
  stop?(): Promise<void>;
}

export interface MailerOptions {
  db: Db;
  smtpUrl?: string;
  from: string;
  /** Outbox retry: first delay (doubles per failure, capped at 5 minutes) and how often due mail is looked for. */
  retryBaseMs?: number;
  pollMs?: number;
  onError?(error: unknown, message: string): void;
}

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    // Requests never talk to the mail server (docs/decisions/010: its latency told which addresses have accounts, and an
    // outage lost mail): send() only inserts into the outbox, which the worker delivers with retries.
    const transport = nodemailer.createTransport(options.smtpUrl);
    const outbox = createOutbox({
      db: options.db,
      deliver: async (to, content) => void (await transport.sendMail({ from: options.from, to, ...content })),
      retryBaseMs: options.retryBaseMs ?? 2000,
      pollMs: options.pollMs ?? 5000,
      onError: options.onError,
    });
    return {
      mode: 'smtp',
      send: (to, content) => outbox.enqueue(to, content),
      start: () => outbox.start(),
      async stop() {
        await outbox.stop(2000);
        // A send still hanging on a stalled server is cut off: it fails, and its row is released for the next start.
        transport.close();
        await outbox.settle(2000);
      },
    };
  }
  return {
    mode: 'capture',
    async send(to, content) {
      await options.db.insert(capturedMail).values({ to, ...content });
    },
  };
}

/** The newest captured mails, or only those to `to` (one reader's mailbox among many senders). */
export async function listCapturedMail(db: Db, limit = 100, to?: string) {
  return db
    .select()
    .from(capturedMail)
    .where(to === undefined ? undefined : eq(capturedMail.to, to))
    .orderBy(desc(capturedMail.createdAt), desc(capturedMail.id))
    .limit(limit);
}

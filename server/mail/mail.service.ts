import { desc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { capturedMail } from '../db/tables/platform.tables';
import type { MailContent } from './mail.templates';

export interface Mailer {
  /** 'smtp' sends for real; 'capture' stores the mail for /dev/mail. */
  readonly mode: 'smtp' | 'capture';
  send(to: string, content: MailContent): Promise<void>;
}

export function createMailer(options: { db: Db; smtpUrl?: string; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      mode: 'smtp',
      async send(to, content) {
        await transport.sendMail({ from: options.from, to, ...content });
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

export async function listCapturedMail(db: Db, limit = 100) {
  return db.select().from(capturedMail).orderBy(desc(capturedMail.createdAt), desc(capturedMail.id)).limit(limit);
}

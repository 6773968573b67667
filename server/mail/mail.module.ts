/** Mail as the app registers it: the outbox runs while the app does; the dev mailbox where mail is captured. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { devMailRoutes } from './mail.routes';
import { createMailer, type Mailer } from './mail.service';

/** The mailer this deployment configured: SMTP (through the outbox) when SMTP_URL is set, else captured in the database. */
export function createConfiguredMailer(env: Env, database: Database, onError: (error: unknown, message: string) => void): Mailer {
  return createMailer({
    db: database.db,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    retryBaseMs: env.MAIL_RETRY_BASE_MS,
    pollMs: env.MAIL_OUTBOX_POLL_MS,
    onError,
  });
}

async function mailPlugin(
  app: FastifyInstance,
  { mailer, database, production }: { mailer: Mailer; database: Database; production: boolean },
) {
  if (mailer.start) app.addHook('onReady', async () => mailer.start!());
  if (mailer.stop) app.addHook('onClose', async () => mailer.stop!());
  if (!production && mailer.mode === 'capture') await app.register(devMailRoutes, { db: database.db });
}

export const mailModule = fp(mailPlugin, { name: 'mail', dependencies: ['http'], encapsulate: true });

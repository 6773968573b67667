/**
 * The organizer console's own routes, which compose several capabilities (the overview, its live stream, the audit
 * log), and the control routes the command-line tools use while this server holds the embedded database.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { Mailer } from '../mail/mail.service';
import type { Scorer } from '../scoring/scorer';
import type { ImageStorage } from '../storage/image-storage';
import { adminControlRoutes } from './admin-control.routes';
import { adminRoutes } from './admin.routes';
import type { OverviewHubOptions } from './overview.hub';

export interface AdminModuleOptions {
  env: Env;
  database: Database;
  production: boolean;
  mailer: Mailer;
  scorer: Scorer;
  storage: ImageStorage;
  authSecret: string;
  /** Timings of the overview stream (tests shorten them). */
  overviewHub?: OverviewHubOptions;
  /** Absent: the control routes do not exist. */
  controlToken?: string;
}

async function adminPlugin(app: FastifyInstance, options: AdminModuleOptions) {
  const { env, database, production } = options;
  await app.register(adminRoutes, {
    database,
    overview: { publicUrl: env.publicUrl, gameUrl: env.gameUrl, production, mailCapture: options.mailer.mode === 'capture' },
    hub: options.overviewHub,
  });
  if (options.controlToken) {
    await app.register(adminControlRoutes, {
      token: options.controlToken,
      organizer: { db: database.db, secret: options.authSecret, publicUrl: env.publicUrl, production },
      importer: { scorer: options.scorer, storage: options.storage },
    });
  }
}

export const adminModule = fp(adminPlugin, { name: 'admin', dependencies: ['http', 'auth'], encapsulate: true });

import rateLimit from '@fastify/rate-limit';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { publicConfigSchema, type PublicConfig } from '@contracts/config';
import { createAuth, MIN_PASSWORD_LENGTH } from './auth/auth';
import { authRoutes, sessionGuards } from './auth/auth.routes';
import type { Database } from './db/client';
import type { Env } from './env';
import { gameRoutes } from './game/game.routes';
import { createGameService } from './game/game.service';
import { profileRoutes } from './game/profile.routes';
import { createProfileService } from './game/profile.service';
import { leaderboardRoutes } from './leaderboard/leaderboard.routes';
import { createLeaderboardService } from './leaderboard/leaderboard.service';
import { devMailRoutes } from './mail/mail.routes';
import { createMailer, type Mailer } from './mail/mail.service';
import type { Scorer } from './scoring/scorer';
import { registerSecurity } from './security';
import { shareRoutes } from './share/share.routes';
import { createLocalImageStorage, type ImageStorage } from './storage/image-storage';
import { webRoutes } from './web.routes';

export interface AppDeps {
  env: Env;
  database: Database;
  /** Signs sessions and tokens; main.ts resolves it (env, or a dev secret kept under DATA_DIR). */
  authSecret: string;
  mailer?: Mailer;
  /** Loaded once per process (main.ts at boot; tests share one per worker). */
  scorer: Scorer;
  /** Challenge images; defaults to local disk under DATA_DIR/images. */
  storage?: ImageStorage;
  /** Where the built web app lives (tests point it elsewhere or leave it unbuilt). */
  webDistDir?: string;
  logger?: boolean | object;
}

/** Builds the whole app without listening: main.ts listens, tests inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env, database } = deps;
  const production = env.NODE_ENV === 'production';
  const app: FastifyInstance = Fastify({
    logger: deps.logger ?? { level: env.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = error.validation
        .map((issue) => `${issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'request'}: ${issue.message}`)
        .join('; ');
      return reply.status(400).send({ code: 'VALIDATION', message });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
    }
    return reply.status(status).send({ code: (error as { code?: string }).code ?? 'BAD_REQUEST', message: (error as Error).message });
  });

  // One list for our CSRF check and better-auth's trusted origins, so writes and sign-in agree on who may call.
  const origins = [env.publicUrl];
  if (!production) origins.push(`http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`);
  const allowedOrigins = [...new Set(origins)];
  await registerSecurity(app, { production, allowedOrigins });
  await app.register(rateLimit, { global: false });

  const mailer = deps.mailer ?? createMailer({ db: database.db, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: env.GOOGLE_ISSUER }
      : undefined;
  const auth = createAuth({
    db: database.db,
    mailer,
    secret: deps.authSecret,
    publicUrl: env.publicUrl,
    allowedOrigins,
    production,
    rateLimit: env.AUTH_RATE_LIMIT,
    google,
    logger: app.log.child({ module: 'better-auth' }),
  });
  const guards = sessionGuards(auth);
  app.decorate('auth', auth);
  app.decorate('guards', guards);

  await app.register(authRoutes, { auth });
  app.get('/api/config', { schema: { response: { 200: publicConfigSchema } } }, async (): Promise<PublicConfig> => ({
    googleEnabled: Boolean(google),
    publicUrl: env.publicUrl,
    minPasswordLength: MIN_PASSWORD_LENGTH,
  }));
  app.get('/api/health', async () => ({ ok: true }));
  const storage = deps.storage ?? createLocalImageStorage(path.join(env.dataDir, 'images'));
  const game = createGameService({ db: database.db, scorer: deps.scorer, log: app.log });
  await app.register(gameRoutes, { game, storage });
  await app.register(profileRoutes, { profiles: createProfileService({ db: database.db, log: app.log }) });
  await app.register(leaderboardRoutes, {
    database,
    keySecret: deps.authSecret,
    gameUrl: env.gameUrl,
    heartbeatMs: env.SSE_HEARTBEAT_MS,
    maxStreamsPerClient: env.SSE_MAX_STREAMS_PER_CLIENT,
  });
  await app.register(shareRoutes, {
    game,
    leaderboard: createLeaderboardService({ db: database.db, keySecret: deps.authSecret }),
    storage,
    publicUrl: env.publicUrl,
    gameUrl: env.gameUrl,
  });
  if (!production && mailer.mode === 'capture') await app.register(devMailRoutes, { db: database.db });

  await app.register(webRoutes, { distDir: deps.webDistDir });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: ReturnType<typeof createAuth>;
    guards: ReturnType<typeof sessionGuards>;
  }
}

/** TRUST_PROXY: unset = trust nobody; 'true' = any hop; a number = that many hops; else a list of addresses/CIDRs. */
function parseTrustProxy(value: string | undefined): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((part) => part.trim());
}

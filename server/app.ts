import path from 'node:path';
import underPressure from '@fastify/under-pressure';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { publicConfigSchema, type PublicConfig } from '@contracts/config';
import { createAuth, MIN_PASSWORD_LENGTH, type PasswordHasher } from './auth/auth';
import { createAuthLimits } from './auth/auth-limits';
import { authRoutes, sessionGuards } from './auth/auth.routes';
import { registerChallenges } from './challenges/challenges.module';
import type { Database } from './db/client';
import type { Env } from './env';
import { adminControlRoutes } from './admin/admin-control.routes';
import { adminRoutes } from './admin/admin.routes';
import type { OverviewHubOptions } from './admin/overview.hub';
import { eventAdminRoutes } from './game/event.admin.routes';
import { createEventAdminService } from './game/event.admin.service';
import { gameRoutes } from './game/game.routes';
import { createGameService, readEventSettings } from './game/game.service';
import { profileRoutes } from './game/profile.routes';
import { createProfileService } from './game/profile.service';
import { leaderboardAdminRoutes } from './leaderboard/leaderboard.admin.routes';
import { createLeaderboardAdminService } from './leaderboard/leaderboard.admin.service';
import { createLimitStore, startLimitSweeper, type Clock } from './limits/limits.store';
import { leaderboardRoutes } from './leaderboard/leaderboard.routes';
import { createLeaderboardService } from './leaderboard/leaderboard.service';
import { devMailRoutes } from './mail/mail.routes';
import { createMailer, type Mailer } from './mail/mail.service';
import type { Scorer } from './scoring/scorer';
import { playersAdminRoutes } from './players/players.admin.routes';
import { createPlayersAdminService } from './players/players.admin.service';
import { httpTimeouts } from './http-limits';
import { registerInputGuards } from './input-guards';
import { backfillDisplayNameKeys } from './players/display-name-keys';
import { moderationAdminRoutes } from './players/moderation.admin.routes';
import { createModerationService } from './players/moderation.service';
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
  /**
   * Token of the control routes the command-line tools use while this server holds the embedded database
   * (main.ts sets it on PGlite; absent, the routes do not exist).
   */
  controlToken?: string;
  /** Timings of the organizer overview stream (tests shorten them). */
  overviewHub?: OverviewHubOptions;
  /** Epoch milliseconds for rate limits (tests move it instead of sleeping). */
  clock?: Clock;
  /** Test-only: a cheap password hash, so a test can sign up hundreds of players in seconds. */
  passwordHasher?: PasswordHasher;
  /** Sees every route as it is added (the fuzz test enumerates the app's routes with it). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole app without listening: main.ts listens, tests inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env, database } = deps;
  const production = env.NODE_ENV === 'production';
  const app: FastifyInstance = Fastify({
    logger: deps.logger ?? { level: env.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Issue 12.4: slow or stalled clients (slowloris, unfinished uploads) are cut off; see server/http-limits.ts.
    ...httpTimeouts(env),
  });
  app.server.maxConnections = env.HTTP_MAX_CONNECTIONS;
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
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
    const headers = (error as { headers?: Record<string, string> }).headers;
    if (headers) reply.headers(headers);
    return reply.status(status).send({ code: (error as { code?: string }).code ?? 'BAD_REQUEST', message: (error as Error).message });
  });

  registerInputGuards(app);

  // One list for our CSRF check and better-auth's trusted origins, so writes and sign-in agree on who may call.
  const origins = [new URL(env.publicUrl).origin, ...env.ALLOWED_ORIGINS];
  if (!production) origins.push(`http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`);
  const allowedOrigins = [...new Set(origins)];
  await registerSecurity(app, { production, allowedOrigins });

  const mailer =
    deps.mailer ??
    createMailer({
      db: database.db,
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      retryBaseMs: env.MAIL_RETRY_BASE_MS,
      pollMs: env.MAIL_OUTBOX_POLL_MS,
      onError: (error, message) => app.log.warn({ err: error }, message),
    });
  if (mailer.start) app.addHook('onReady', async () => mailer.start!());
  if (mailer.stop) app.addHook('onClose', async () => mailer.stop!());
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
    // Off: its limits key only on the address, which a venue NAT shares. Ours (auth-limits.ts) replace them.
    rateLimit: false,
    google,
    passwordHasher: deps.passwordHasher,
    logger: app.log.child({ module: 'better-auth' }),
  });
  const guards = sessionGuards(auth);
  app.decorate('auth', auth);
  app.decorate('guards', guards);

  const limits = createLimitStore(database.db, deps.clock);
  const stopSweeper = startLimitSweeper(limits, (error) => app.log.warn({ err: error }, 'rate-limit sweep failed'));
  app.addHook('onClose', async () => stopSweeper());
  const authLimits = env.AUTH_RATE_LIMIT ? createAuthLimits(limits, deps.authSecret, { secureCookie: production }) : undefined;
  await app.register(authRoutes, { auth, limits: authLimits });
  app.get('/api/config', { schema: { response: { 200: publicConfigSchema } } }, async (_request, reply): Promise<PublicConfig> => {
    // eventOpen changes when an organizer opens or closes the event.
    reply.header('cache-control', 'no-store');
    return {
      googleEnabled: Boolean(google),
      publicUrl: env.publicUrl,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      eventOpen: (await readEventSettings(database.db)).isOpen,
    };
  });
  app.get('/api/health', async () => ({ ok: true }));
  // Event-loop delay, measured by @fastify/under-pressure. Only routes that name a pressureHandler in their config
  // refuse under pressure (the guess route: game.routes.ts); every other request carries on.
  await app.register(underPressure, { maxEventLoopDelay: env.EVENT_LOOP_DELAY_LIMIT_MS, sampleInterval: 200, pressureHandler: () => undefined });
  const storage = deps.storage ?? createLocalImageStorage(path.join(env.dataDir, 'images'));
  const game = createGameService({ db: database.db, scorer: deps.scorer, log: app.log });
  await app.register(gameRoutes, { game, storage, limits, guessesInFlightLimit: env.GUESSES_IN_FLIGHT_LIMIT });
  await registerChallenges(app, { env, database, storage, scorer: deps.scorer });
  await app.register(profileRoutes, { profiles: createProfileService({ db: database.db, log: app.log }) });
  await app.register(moderationAdminRoutes, { moderation: createModerationService({ db: database.db }), db: database.db });
  app.addHook('onReady', async () => void (await backfillDisplayNameKeys(database.db, app.log)));
  await app.register(leaderboardRoutes, {
    database,
    keySecret: deps.authSecret,
    gameUrl: env.gameUrl,
    heartbeatMs: env.SSE_HEARTBEAT_MS,
    admission: {
      maxStreams: env.SSE_MAX_STREAMS,
      maxPerSession: env.SSE_MAX_STREAMS_PER_CLIENT,
      maxAnonymousPerAddress: env.SSE_MAX_ANONYMOUS_STREAMS_PER_ADDRESS,
    },
  });
  await app.register(shareRoutes, {
    game,
    leaderboard: createLeaderboardService({ db: database.db, keySecret: deps.authSecret }),
    storage,
    publicUrl: env.publicUrl,
    gameUrl: env.gameUrl,
  });
  if (!production && mailer.mode === 'capture') await app.register(devMailRoutes, { db: database.db });

  // The organizer console's API (/api/admin/..., organizers only), each part in the capability it acts on.
  await app.register(playersAdminRoutes, { players: createPlayersAdminService({ db: database.db, log: app.log }) });
  await app.register(eventAdminRoutes, { event: createEventAdminService({ db: database.db, log: app.log }) });
  await app.register(leaderboardAdminRoutes, { leaderboard: createLeaderboardAdminService({ db: database.db, log: app.log }) });
  await app.register(adminRoutes, {
    database,
    overview: { publicUrl: env.publicUrl, gameUrl: env.gameUrl, production, mailCapture: mailer.mode === 'capture' },
    hub: deps.overviewHub,
  });
  if (deps.controlToken) {
    await app.register(adminControlRoutes, {
      token: deps.controlToken,
      organizer: { db: database.db, secret: deps.authSecret, publicUrl: env.publicUrl, production },
      importer: { scorer: deps.scorer, storage },
    });
  }

  await app.register(webRoutes, { distDir: deps.webDistDir, googleEnabled: Boolean(google) });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: ReturnType<typeof createAuth>;
    guards: ReturnType<typeof sessionGuards>;
  }
}

/**
 * TRUST_PROXY: unset/'false' = trust nobody; a number = that many proxy hops in front of us; else the proxies'
 * addresses/CIDRs. 'true' (trust every hop) is refused by env.ts: it lets a client choose its own address.
 */
function parseTrustProxy(value: string | undefined): false | string[] | ((address: string, hop: number) => boolean) {
  if (!value || value === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((part) => part.trim());
}

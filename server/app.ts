import path from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { adminModule } from './admin/admin.module';
import type { OverviewHubOptions } from './admin/overview.hub';
import type { PasswordHasher } from './auth/auth';
import { authModule } from './auth/auth.module';
import type { SessionCacheOptions } from './auth/session-cache';
import { challengesModule } from './challenges/challenges.module';
import type { Database } from './db/client';
import type { Env } from './env';
import { eventModule } from './event/event.module';
import { gameModule } from './game/game.module';
import { httpTimeouts } from './http/http-limits';
import { allowedOriginsOf, httpModule } from './http/http.module';
import { createLifecycle, type Lifecycle } from './http/lifecycle';
import { requestIdGenerator } from './http/request-id';
import { proxyTrustFrom } from './http/trust-proxy';
import { leaderboardModule } from './leaderboard/leaderboard.module';
import { limitsModule } from './limits/limits.module';
import { createLimitStore, type Clock } from './limits/limits.store';
import { createConfiguredMailer, mailModule } from './mail/mail.module';
import type { Mailer } from './mail/mail.service';
import { createMetrics, type Metrics } from './metrics/metrics';
import { metricsModule } from './metrics/metrics.module';
import { playersModule } from './players/players.module';
import type { Scorer } from './scoring/scorer';
import { shareModule } from './share/share.module';
import { spaModule } from './spa/spa.module';
import { createLocalImageStorage, type ImageStorage } from './storage/image-storage';

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
  /** The password-hashing queue's bounds (server/auth/password-hashing.ts). */
  passwordHashing?: { concurrency?: number; deadlineMs?: number; perLane?: number; maxQueued?: number };
  /** The instance's stop sequence (main.ts drives it on SIGTERM; tests may drain an app themselves). */
  lifecycle?: Lifecycle;
  /** Sees every route as it is added (the fuzz test enumerates the app's routes with it). */
  onRoute?: (route: RouteOptions) => void;
  /** The instance's metrics (a fresh registry per app unless given). */
  metrics?: Metrics;
  /** The guess route's session cache (tests lengthen its lifetime or move its clock). */
  sessionCache?: SessionCacheOptions;
  /** The proof of work's range (POW_MAX_NUMBER unless given): browser journeys ask for less, their solves are not timed. */
  proofOfWorkMaxNumber?: number;
}

/** Builds the whole app without listening: main.ts listens, tests inject. The map of server/ is server/README.md. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env, database } = deps;
  const production = env.NODE_ENV === 'production';
  const proxyTrust = proxyTrustFrom(env.TRUST_PROXY);
  const app: FastifyInstance = Fastify({
    logger: deps.logger ?? { level: env.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    trustProxy: proxyTrust.fastifyOption,
    // Every log line of a request carries its id, returned in X-Request-Id (server/http/request-id.ts).
    genReqId: requestIdGenerator(proxyTrust.trustsPeer),
    bodyLimit: 1024 * 1024,
    // Slow or stalled clients (slowloris, unfinished uploads) are cut off; see server/http/http-limits.ts.
    ...httpTimeouts(env),
  });
  app.server.maxConnections = env.HTTP_MAX_CONNECTIONS;
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);

  // What every capability shares, one of each per app.
  const base = {
    env,
    database,
    production,
    scorer: deps.scorer,
    authSecret: deps.authSecret,
    allowedOrigins: allowedOriginsOf(env, production),
    mailer: deps.mailer ?? createConfiguredMailer(env, database, (error, message) => app.log.warn({ err: error }, message)),
    limits: createLimitStore(database.db, deps.clock),
    storage: deps.storage ?? createLocalImageStorage(path.join(env.dataDir, 'images')),
    lifecycle: deps.lifecycle ?? createLifecycle(),
    metrics:
      deps.metrics ?? createMetrics({ onReadError: (error, metric) => app.log.warn({ err: error, metric }, 'a metric could not be read') }),
  };

  // The base: HTTP plumbing (errors, input guards, security headers, CSRF, event-loop pressure, request ids, the
  // OpenAPI document), mail, rate limits, metrics.
  await app.register(httpModule, base);
  await app.register(mailModule, base);
  await app.register(limitsModule, base);
  await app.register(metricsModule, base);
  // The capabilities, each one plugin named after its folder, declaring the plugins it needs registered before it
  // (fastify-plugin's `dependencies`: a wrong order fails at boot; tests/architecture.unit.test.ts checks them against
  // the map). Auth first, as it decorates the session guards the others use.
  await app.register(authModule, {
    ...base,
    passwordHasher: deps.passwordHasher,
    passwordHashing: deps.passwordHashing,
    sessionCache: deps.sessionCache,
    proofOfWorkMaxNumber: deps.proofOfWorkMaxNumber,
  });
  await app.register(eventModule, base);
  await app.register(gameModule, base);
  await app.register(challengesModule, base);
  await app.register(playersModule, base);
  await app.register(leaderboardModule, base);
  await app.register(shareModule, base);
  // The organizer console's composing routes (overview, audit log), then the web app itself.
  await app.register(adminModule, { ...base, overviewHub: deps.overviewHub, controlToken: deps.controlToken });
  await app.register(spaModule, { ...base, distDir: deps.webDistDir });
  return app;
}

/**
 * Auth as the app registers it: better-auth under /api/auth, with our own limits, and the session guards every other
 * capability uses (app.guards: optionalUser, requireUser, requireOrganizer), decorated on the whole app.
 */
import fp from 'fastify-plugin';
import { announceLeaderboardChange } from '../db/channels';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { readPlayBeforeConfirming } from '../event/event-settings';
import type { LimitStore } from '../limits/limits.store';
import type { Mailer } from '../mail/mail.service';
import { createAuth, type PasswordHasher } from './auth';
import { PROOF_OF_WORK_PATH } from '@contracts/auth.rules';
import { proofOfWorkStatusSchema } from '@contracts/auth';
import { createAuthLimits } from './auth-limits';
import { createProofOfWork } from './auth-proof-of-work';
import { authRoutes, sessionGuards } from './auth.routes';
import { createSessionCache, listenForSessionChanges, type SessionCacheOptions } from './session-cache';
import { createSessionReader } from './session-reader';
import { resendVerificationMail } from './verification-resend';

declare module 'fastify' {
  interface FastifyInstance {
    auth: ReturnType<typeof createAuth>;
    guards: ReturnType<typeof sessionGuards>;
  }
}

/** Google sign-in, when this deployment configured it. */
export function googleConfigOf(env: Env) {
  return env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
    ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: env.GOOGLE_ISSUER }
    : undefined;
}

export interface AuthModuleOptions {
  env: Env;
  database: Database;
  mailer: Mailer;
  limits: LimitStore;
  authSecret: string;
  production: boolean;
  allowedOrigins: string[];
  passwordHasher?: PasswordHasher;
  /** The guess route's session cache (docs/decisions/030-session-cache.md). */
  sessionCache?: SessionCacheOptions;
  /** The proof of work's range (POW_MAX_NUMBER unless given). */
  proofOfWorkMaxNumber?: number;
}

export const authModule = fp<AuthModuleOptions>(
  async (
    app,
    {
      env,
      database,
      mailer,
      limits,
      authSecret,
      production,
      allowedOrigins,
      passwordHasher,
      sessionCache: cacheOptions,
      proofOfWorkMaxNumber,
    },
  ) => {
    const auth = createAuth({
      db: database.db,
      mailer,
      secret: authSecret,
      publicUrl: env.publicUrl,
      allowedOrigins,
      production,
      // Off: its limits key only on the address, which a venue NAT shares. Ours (auth-limits.ts) replace them.
      rateLimit: false,
      google: googleConfigOf(env),
      passwordHasher,
      logger: app.log.child({ module: 'better-auth' }),
      onUnverifiedSignIn: (email) => resendVerificationMail({ auth, limits, email }),
      // The event's "let players start before confirming their e-mail", read when someone signs up or in.
      playBeforeConfirming: () => readPlayBeforeConfirming(database.db),
      // A confirmed address may bring scores onto the board (docs/decisions/039-play-first-confirm-later.md).
      onEmailConfirmed: () => announceLeaderboardChange(database.db, app.log),
    });
    app.decorate('auth', auth);
    // Revocations reach the cache by NOTIFY (session-cache.ts); it caches nothing until it listens.
    const sessionCache = createSessionCache(cacheOptions);
    let stopSessionListener: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => void (stopSessionListener = await listenForSessionChanges(database, sessionCache)));
    app.addHook('onClose', async () => stopSessionListener?.());
    // Sessions are read directly on the common path, by better-auth otherwise (session-reader.ts).
    app.decorate('guards', sessionGuards(auth, sessionCache, createSessionReader(auth, database.db)));
    const proofOfWork = createProofOfWork(limits, authSecret, { maxNumber: proofOfWorkMaxNumber });
    const authLimits = env.AUTH_RATE_LIMIT ? createAuthLimits(limits, authSecret, { secureCookie: production, proofOfWork }) : undefined;
    await app.register(authRoutes, { auth, limits: authLimits });
    // Asked by the sign-in page: under pressure it solves a challenge in the background, before the player submits.
    app.get(PROOF_OF_WORK_PATH, { schema: { response: { 200: proofOfWorkStatusSchema } } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const required = authLimits ? await authLimits.underPressure(request) : false;
      return { required, challenge: required ? await proofOfWork.challenge() : null };
    });
  },
  { name: 'auth' },
);

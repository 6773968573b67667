/**
 * Auth as the app registers it: better-auth under /api/auth, with our own limits, and the session guards every other
 * capability uses (app.guards: optionalUser, requireUser, requireOrganizer), decorated on the whole app.
 */
import fp from 'fastify-plugin';
import { announceLeaderboardChange } from '../db/channels';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { readPlayBeforeConfirming } from '../event/event-settings';
import { forgetUnconfirmedPlay } from '../players/unconfirmed-sweep';
import type { LimitStore } from '../limits/limits.store';
import type { Mailer } from '../mail/mail.service';
import { createAuth, type PasswordHasher } from './auth';
import { PROOF_OF_WORK_PATH } from '@contracts/auth.rules';
import { proofOfWorkStatusSchema } from '@contracts/auth';
import { authApiDoc } from './auth-api-doc';
import { createAuthLimits } from './auth-limits';
import { createProofOfWork } from './auth-proof-of-work';
import { createPasswordHashing, type PasswordHashing } from './password-hashing';
import { authRoutes, sessionGuards } from './auth.routes';
import { createSessionCache, listenForSessionChanges, type SessionCacheOptions } from './session-cache';
import { createSessionReader } from './session-reader';
import { resendVerificationMail } from './verification-resend';

declare module 'fastify' {
  interface FastifyInstance {
    auth: ReturnType<typeof createAuth>;
    guards: ReturnType<typeof sessionGuards>;
    /** The password-hashing queue's counters (queued, running, refused, decoys…). */
    passwordHashingStats: PasswordHashing['stats'];
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
  /** The key derivation under the hashing queue (scrypt unless given: tests about other things pass a quick one). */
  passwordHasher?: PasswordHasher;
  /** The hashing queue's bounds (password-hashing.ts's defaults unless given). */
  passwordHashing?: { concurrency?: number; deadlineMs?: number; perLane?: number; maxQueued?: number };
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
      passwordHashing: hashingBounds,
      sessionCache: cacheOptions,
      proofOfWorkMaxNumber,
    },
  ) => {
    // Every hash of every instance's auth calls goes through this queue (docs/decisions/054).
    // A call waits for its hash well under the idle timeout, which would otherwise close its socket first.
    const deadlineMs = Math.min(10_000, Math.floor(env.HTTP_IDLE_TIMEOUT_MS / 2));
    const hashing = createPasswordHashing({ secret: authSecret, db: database.db, kdf: passwordHasher, deadlineMs, ...hashingBounds });
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
      passwordHasher: hashing.hasher,
      onAddressConfirmed: hashing.confirmPassword,
      logger: app.log.child({ module: 'better-auth' }),
      onUnverifiedSignIn: (email) => resendVerificationMail({ auth, limits, email }),
      // The event's "let players start before confirming their e-mail", read when someone signs up or in.
      playBeforeConfirming: () => readPlayBeforeConfirming(database.db),
      // A confirmed address may bring scores onto the board (docs/decisions/039-play-first-confirm-later.md).
      onEmailConfirmed: () => announceLeaderboardChange(database.db, app.log),
      // An unconfirmed account that changed hands keeps nothing of the previous holder's (account-claim.ts).
      forgetPlay: (userId) => forgetUnconfirmedPlay(database.db, userId),
      // Wrong passwords from elsewhere never keep the mailbox's owner out: a reset lifts the account's lock.
      onPasswordReset: async (email) => authLimits?.forgive(email),
    });
    app.decorate('auth', auth);
    app.addApiDoc(() => authApiDoc(auth));
    app.decorate('passwordHashingStats', hashing.stats);
    // Revocations reach the cache by NOTIFY (session-cache.ts); it caches nothing until it listens.
    const sessionCache = createSessionCache(cacheOptions);
    let stopSessionListener: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => void (stopSessionListener = await listenForSessionChanges(database, sessionCache)));
    app.addHook('onClose', async () => stopSessionListener?.());
    // Sessions are read directly on the common path, by better-auth otherwise (session-reader.ts).
    app.decorate('guards', sessionGuards(auth, sessionCache, createSessionReader(auth, database.db)));
    const proofOfWork = createProofOfWork(limits, authSecret, { maxNumber: proofOfWorkMaxNumber });
    const authLimits = env.AUTH_RATE_LIMIT ? createAuthLimits(limits, authSecret, { secureCookie: production, proofOfWork }) : undefined;
    await app.register(authRoutes, { auth, limits: authLimits, hashing });
    // Asked by the sign-in page: under pressure it solves a challenge in the background, before the player submits.
    app.get(PROOF_OF_WORK_PATH, { schema: { response: { 200: proofOfWorkStatusSchema } } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const required = authLimits ? await authLimits.underPressure(request) : false;
      return { required, challenge: required ? await proofOfWork.challenge() : null };
    });
  },
  { name: 'auth', dependencies: ['http'] },
);

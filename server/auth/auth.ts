import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { emailOTP } from 'better-auth/plugins/email-otp';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { Db } from '../db/client';
import * as authTables from '../db/tables/auth.tables';
import type { Mailer } from '../mail/mail.service';
import { existingAccountMail, passwordResetMail, verificationMail } from '../mail/mail.templates';
import { claimVerificationLink, invalidateResetTokens, UNVERIFIED_SIGN_IN_MESSAGE } from './auth-hardening';

/** How long the verification mail's link works. */
export const VERIFICATION_LINK_SECONDS = 60 * 60 * 24;

/** better-auth reads the real client address from this header; our Fastify mount sets it from request.ip. */
export const CLIENT_IP_HEADER = 'x-gg-client-ip';
export const MIN_PASSWORD_LENGTH = 6;
/** The verification mail's one-time code: 6 digits, valid 15 minutes, dead after 5 wrong tries. */
export const VERIFICATION_CODE = { length: 6, expiresInSeconds: 15 * 60, allowedAttempts: 5 } as const;
/** The e-mail OTP plugin's other flows (OTP sign-in, OTP password reset, e-mail change) stay off. */
const DISABLED_OTP_PATHS = [
  '/email-otp/send-verification-otp',
  '/email-otp/check-verification-otp',
  '/sign-in/email-otp',
  '/email-otp/request-password-reset',
  '/forget-password/email-otp',
  '/email-otp/reset-password',
  '/email-otp/request-email-change',
  '/email-otp/change-email',
];

export interface AuthOptions {
  db: Db;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  /** Origins allowed to call auth endpoints: the same list as the app's CSRF check. */
  allowedOrigins: string[];
  production: boolean;
  rateLimit: boolean;
  google?: { clientId: string; clientSecret: string; issuer: string };
  /** Replaces scrypt (tests that sign up hundreds of players; never set in production). */
  passwordHasher?: PasswordHasher;
  /** Where better-auth's own messages go (the app's logger), instead of the console. */
  logger?: AuthLogger;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

type AuthLogLevel = 'debug' | 'info' | 'warn' | 'error';
export type AuthLogger = Record<AuthLogLevel, (details: object, message: string) => void>;

export function createAuth(options: AuthOptions) {
  const { mailer } = options;
  // The verification mail needs the plugin's server-side code factory, i.e. the instance being built here.
  let self: { api: { createVerificationOTP(input: { body: { email: string; type: 'email-verification' } }): Promise<string> } } | undefined;
  const auth = betterAuth({
    appName: 'Guess the Genesis',
    disabledPaths: DISABLED_OTP_PATHS,
    baseURL: options.publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: options.allowedOrigins,
    database: drizzleAdapter(options.db, { provider: 'pg', schema: authTables }),
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'player', input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
      ...(options.passwordHasher ? { password: options.passwordHasher } : {}),
      // Same work for a new and an existing address (one queued mail), so sign-up's timing tells nothing.
      async onExistingUserSignUp({ user }) {
        await mailer.send(user.email, existingAccountMail(`${options.publicUrl}/auth`));
      },
      async onPasswordReset({ user }) {
        await invalidateResetTokens(options.db, user.id);
      },
      async sendResetPassword({ user, url }) {
        await mailer.send(user.email, passwordResetMail(url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_LINK_SECONDS,
      // One mail, two ways in: the link (works in any browser) and a short code to type on /auth in the tab
      // the player started in (POST /api/auth/email-otp/verify-email verifies and signs in).
      async sendVerificationEmail({ user, url }) {
        const code = await self!.api.createVerificationOTP({ body: { email: user.email, type: 'email-verification' } });
        await mailer.send(user.email, verificationMail(url, code));
      },
    },
    session: {
      // Sliding sessions: any use after a day pushes the expiry out again, so an active player never gets logged out.
      expiresIn: 60 * 60 * 24 * 14,
      updateAge: 60 * 60 * 24,
    },
    account: { accountLinking: { enabled: true, trustedProviders: ['google'] } },
    rateLimit: {
      enabled: options.rateLimit,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 3 },
        '/request-password-reset': { window: 60, max: 3 },
        '/reset-password': { window: 60, max: 10 },
      },
    },
    logger: options.logger
      ? {
          level: 'info',
          log(level, message, ...args) {
            const [first] = args;
            options.logger![level](first instanceof Error ? { err: first } : args.length > 0 ? { details: args } : {}, message);
          },
        }
      : undefined,
    advanced: {
      // better-auth turns its Origin/CSRF checks off when NODE_ENV=test; keep them on everywhere so tests prove them.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: options.production,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    hooks: {
      // Signing out ends every session of the player, on every device (SPEC 6).
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/verify-email' && typeof ctx.query?.token === 'string') {
          // One link, one sign-in: a repeated or concurrent use goes where the link points, without a new session.
          const first = await claimVerificationLink(options.db, options.secret, ctx.query.token, VERIFICATION_LINK_SECONDS);
          if (!first) throw ctx.redirect(typeof ctx.query.callbackURL === 'string' ? ctx.query.callbackURL : '/');
          return;
        }
        if (ctx.path !== '/sign-out') return;
        const current = await getSessionFromCtx(ctx).catch(() => null);
        if (current) await ctx.context.internalAdapter.deleteUserSessions(current.user.id);
      }),
      // The right password on an unverified account: 401 like every other refused sign-in, with what to do next.
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        if (ctx.path === '/sign-in/email' && returned instanceof APIError && (returned.body as { code?: string } | undefined)?.code === 'EMAIL_NOT_VERIFIED') {
          throw new APIError('UNAUTHORIZED', { code: 'EMAIL_NOT_VERIFIED', message: UNVERIFIED_SIGN_IN_MESSAGE });
        }
      }),
    },
    plugins: [
      emailOTP({
        otpLength: VERIFICATION_CODE.length,
        expiresIn: VERIFICATION_CODE.expiresInSeconds,
        allowedAttempts: VERIFICATION_CODE.allowedAttempts,
        storeOTP: 'hashed',
        // Codes are only ever mailed by sendVerificationEmail above; the plugin's own send route is disabled.
        async sendVerificationOTP() {
          throw new Error('verification codes are sent with the verification mail');
        },
        // No `rateLimit` here: better-auth's limiter is off (server/app.ts), so it would do nothing. Per-code attempts
        // are the brute-force guard; the per-address ceiling is ours (windowRules.verifyCodePerAddress, auth-limits.ts).
      }),
      ...(options.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'google',
                clientId: options.google.clientId,
                clientSecret: options.google.clientSecret,
                discoveryUrl: `${options.google.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ],
          }),
        ]
      : []),
    ],
  });
  self = auth;
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;

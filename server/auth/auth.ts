import { MIN_PASSWORD_LENGTH } from '@contracts/auth.rules';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { emailOTP } from 'better-auth/plugins/email-otp';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { openAPI } from 'better-auth/plugins';
import type { Db } from '../db/client';
import * as authTables from '../db/tables/auth.tables';
import type { Mailer } from '../mail/mail.service';
import { existingAccountMail, passwordResetMail, verificationMail } from '../mail/mail.templates';
import { accountFieldsProblem, claimVerificationLink, invalidateResetTokens, MAIL_LINK_CALLBACK, SIGN_IN_REFUSED } from './auth-hardening';
import { addCookieTo, createAccountClaims } from './account-claim';

/** How long the verification mail's link works. */
export const VERIFICATION_LINK_SECONDS = 60 * 60 * 24;

/** better-auth reads the real client address from this header; our Fastify mount sets it from request.ip. */
export const CLIENT_IP_HEADER = 'x-gg-client-ip';
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
/**
 * better-auth's OpenAPI generator, called in-process (auth-api-doc.ts) for the app's document; over HTTP its route and
 * its reference page answer 404, as the document is for organizers only (/api/docs).
 */
const OPEN_API_PATHS = ['/open-api/generate-schema', '/reference'];

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
  /**
   * The right password on an address not confirmed yet: called in the background (never awaited) to send the
   * verification mail again, within the per-recipient mail limit (app.ts).
   */
  onUnverifiedSignIn?: (email: string) => Promise<void>;
  /**
   * The organizer's "let players start before confirming their e-mail" (read per sign-up and sign-in; off when
   * absent): on, a new account is signed in at once and the right password signs an unconfirmed one in.
   */
  playBeforeConfirming?: () => Promise<boolean>;
  /** An address was just confirmed (code or link): the player's scores may now join the public board. */
  onEmailConfirmed?: () => Promise<void>;
  /** A password was reset through the mailed link: the owner proved the mailbox (auth-limits.ts forgives). */
  onPasswordReset?: (email: string) => Promise<void>;
  /** Forgets what was played on an unconfirmed account under a password that lost it (account-claim.ts). */
  forgetPlay?: (userId: string) => Promise<void>;
  /** An address was just confirmed: its sealed sign-up password is hashed for good (password-hashing.ts). */
  onAddressConfirmed?: (email: string) => Promise<void>;
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
  const playFirst = async () => (options.playBeforeConfirming ? options.playBeforeConfirming() : false);
  let self:
    | {
        api: {
          createVerificationOTP(input: { body: { email: string; type: 'email-verification' } }): Promise<string>;
          sendVerificationEmail(input: { body: { email: string; callbackURL: string } }): Promise<unknown>;
        };
        $context: Promise<{ internalAdapter: { deleteUserSessions(userId: string): Promise<unknown> } }>;
      }
    | undefined;
  const claims = createAccountClaims({
    db: options.db,
    secret: options.secret,
    secureCookie: options.production,
    forgetPlay: options.forgetPlay,
  });
  const auth = betterAuth({
    appName: 'Guess the Genesis',
    disabledPaths: [...DISABLED_OTP_PATHS, ...OPEN_API_PATHS],
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
      // Same work for a new and an existing address (one queued mail), so sign-up's timing tells nothing. An address
      // not confirmed yet gets a new code and link instead: that sign-up takes the account over (after-hook below).
      async onExistingUserSignUp({ user }) {
        if (!user.emailVerified) await self!.api.sendVerificationEmail({ body: { email: user.email, callbackURL: MAIL_LINK_CALLBACK } });
        else await mailer.send(user.email, existingAccountMail(`${options.publicUrl}/auth`));
      },
      async onPasswordReset({ user }) {
        await invalidateResetTokens(options.db, user.id);
        await options.onPasswordReset?.(user.email);
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
      // Whoever confirms owns the account: every session ends (the confirmer gets a new one), and the password stays
      // only if this browser proved it knows it (account-claim.ts). Runs for the code and the link alike.
      async beforeEmailVerification(user, request) {
        if (user.emailVerified) return;
        await claims.confirming(user.id, request?.headers.get('cookie'));
        await (await self!.$context).internalAdapter.deleteUserSessions(user.id);
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
      // Signing out ends every session of the player, on every device.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/verify-email' && typeof ctx.query?.token === 'string') {
          // One link, one sign-in: a repeated or concurrent use goes where the link points, without a new session.
          const first = await claimVerificationLink(options.db, options.secret, ctx.query.token, VERIFICATION_LINK_SECONDS);
          if (!first) throw ctx.redirect(typeof ctx.query.callbackURL === 'string' ? ctx.query.callbackURL : '/');
          return;
        }
        if (ctx.path === '/sign-up/email' || ctx.path === '/update-user') {
          const problem = accountFieldsProblem(ctx.body);
          if (problem) throw new APIError('BAD_REQUEST', { code: 'VALIDATION', message: problem });
          return;
        }
        if (ctx.path !== '/sign-out') return;
        const current = await getSessionFromCtx(ctx).catch(() => null);
        if (current) await ctx.context.internalAdapter.deleteUserSessions(current.user.id);
      }),
      // Every refused e-mail sign-in answers alike (401, one code, one message): the right password on an unverified
      // account must not tell an attacker it was right. That case also mails a new code, in the background.
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        // The link answers with a redirect (an APIError with a 3xx status); a wrong code with a 4xx.
        if (CONFIRMING_PATHS.has(ctx.path) && !(returned instanceof APIError && returned.statusCode >= 400)) {
          await options.onEmailConfirmed?.().catch((error: unknown) => options.logger?.warn({ err: error }, 'board notify failed'));
          const confirmed = ctx.context.newSession?.user.email ?? (typeof ctx.body?.email === 'string' ? ctx.body.email : undefined);
          if (confirmed)
            void options
              .onAddressConfirmed?.(confirmed)
              .catch((error: unknown) => options.logger?.warn({ err: error }, 'hashing a confirmed password failed'));
          return;
        }
        if (ctx.path === '/sign-up/email' && !(returned instanceof APIError)) {
          const email = typeof ctx.body?.email === 'string' ? ctx.body.email : '';
          const unconfirmed = email ? await claims.unconfirmedAccount(email) : null;
          if (!unconfirmed) return;
          // better-auth answers every sign-up alike without a session (requireEmailVerification). For an address not
          // confirmed yet, a second sign-up takes the account over: its password replaces the first one, every session
          // ends and the games played under the old password go; it still gets the generic answer and no session.
          const created = (returned as { user?: { id?: string } } | undefined)?.user;
          if (created?.id !== unconfirmed.id) {
            const hash = await ctx.context.password.hash(String(ctx.body.password));
            await claims.replacePassword(unconfirmed.id, hash);
            await ctx.context.internalAdapter.deleteUserSessions(unconfirmed.id);
            addCookieTo(ctx.request, claims.proofCookie(unconfirmed.id, hash));
            return;
          }
          // This browser chose the password: confirming here keeps it.
          if (unconfirmed.passwordHash) addCookieTo(ctx.request, claims.proofCookie(unconfirmed.id, unconfirmed.passwordHash));
          // A new account gets a session here when the organizer lets players start first.
          if (!(await playFirst())) return;
          return signInUnconfirmed(ctx, await ctx.context.internalAdapter.findUserById(created.id));
        }
        if (ctx.path !== '/sign-in/email' || !(returned instanceof APIError)) return;
        const code = (returned.body as { code?: string } | undefined)?.code;
        // EMAIL_NOT_VERIFIED comes only after the password matched: this browser knows the password (so confirming
        // here keeps it). Every other refusal sets the same cookie with a value worth nothing, so it tells nothing.
        const unconfirmed =
          code === 'EMAIL_NOT_VERIFIED' && typeof ctx.body?.email === 'string' ? await claims.unconfirmedAccount(ctx.body.email) : null;
        if (unconfirmed?.passwordHash) addCookieTo(ctx.request, claims.proofCookie(unconfirmed.id, unconfirmed.passwordHash));
        else if (code === 'INVALID_EMAIL_OR_PASSWORD') addCookieTo(ctx.request, claims.decoyCookie());
        // With the option on, the right password on an unconfirmed address is a sign-in.
        if (code === 'EMAIL_NOT_VERIFIED' && typeof ctx.body?.email === 'string' && (await playFirst())) {
          const found = await ctx.context.internalAdapter.findUserByEmail(ctx.body.email.trim().toLowerCase());
          if (found?.user) return signInUnconfirmed(ctx, found.user);
        }
        if (code === 'EMAIL_NOT_VERIFIED' && typeof ctx.body?.email === 'string') {
          void options
            .onUnverifiedSignIn?.(ctx.body.email.trim().toLowerCase())
            .catch((error: unknown) => options.logger?.warn({ err: error }, 'verification mail on sign-in failed'));
        }
        if (code === 'EMAIL_NOT_VERIFIED' || code === 'INVALID_EMAIL_OR_PASSWORD')
          throw new APIError('UNAUTHORIZED', { ...SIGN_IN_REFUSED });
      }),
    },
    plugins: [
      openAPI({ disableDefaultReference: true }),
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

/** Where an address gets confirmed: the mail's link and the code typed on the page. */
const CONFIRMING_PATHS = new Set(['/verify-email', '/email-otp/verify-email']);

type AuthMiddlewareContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Signs in an account whose address is not confirmed yet (only while the organizer lets players start first): a
 * session and its cookie, and the answer better-auth gives a normal sign-in.
 */
async function signInUnconfirmed(ctx: AuthMiddlewareContext, found: { id: string; emailVerified: boolean } | null) {
  if (!found || found.emailVerified) return;
  const user = found as Parameters<typeof setSessionCookie>[1]['user'];
  const session = await ctx.context.internalAdapter.createSession(user.id);
  if (!session) return;
  await setSessionCookie(ctx, { session, user });
  return ctx.json({ redirect: false, token: session.token, user });
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;

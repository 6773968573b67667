/**
 * Limits on better-auth's endpoints, applied by our Fastify mount around auth.handler (better-auth's own
 * per-address limiter is off: it keyed everything on the address, which a venue NAT shares).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authErrorCodes, PROOF_OF_WORK_HEADER } from '@contracts/auth.rules';
import { HttpError } from '../http/http-error';
import type { BackoffRule, Hit, LimitStore, Verdict } from '../limits/limits.store';
import type { ProofOfWork } from './auth-proof-of-work';
import { rateLimitedError } from '../limits/limit-hooks';
import { backoffRules, waitPhrase, windowRules } from '../limits/limits.rules';

/** Set on a successful sign-in: proves this browser knew the account's password before (OWASP "device cookie"). */
export const DEVICE_COOKIE = 'gg_device';
const DEVICE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export interface AuthLimits {
  /** Refuses the call (throws a 429 HttpError) when it is over a limit. */
  before(request: FastifyRequest, reply: FastifyReply, path: string): Promise<void>;
  /** Counts the outcome (a wrong password) once better-auth answered. */
  after(request: FastifyRequest, reply: FastifyReply, path: string, status: number): Promise<void>;
}

const emailOf = (body: unknown): string | undefined => {
  const email = (body as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' && email.length <= 320 ? email.trim().toLowerCase() : undefined;
};

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** The address a verification link is for (its token's payload; better-auth has checked the signature by now). */
function linkEmail(query: unknown): string | undefined {
  const token = (query as { token?: unknown } | undefined)?.token;
  if (typeof token !== 'string') return undefined;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { email?: unknown };
    return typeof payload.email === 'string' && payload.email.length <= 320 ? payload.email.trim().toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

export function rateLimited(verdict: Verdict, what = 'attempts') {
  // better-auth's client reads X-Retry-After.
  return rateLimitedError(
    `Too many ${what}. Please wait ${waitPhrase(verdict.retryAfterSeconds)} and try again.`,
    verdict.retryAfterSeconds,
    {
      'x-retry-after': String(verdict.retryAfterSeconds),
    },
  );
}

export const PROOF_OF_WORK_MESSAGE =
  'Lots of people are signing in on this network right now, so your browser does a quick check first. Please try again.';

/** An address counts as under pressure (a challenge is handed out ahead) from this share of any of its ceilings. */
const PRESSURE_SHARE = 0.5;

export function createAuthLimits(
  store: LimitStore,
  secret: string,
  options: { secureCookie: boolean; proofOfWork: ProofOfWork },
): AuthLimits & {
  /** Whether this request's address is near or over an auth ceiling (then a client should solve a challenge ahead). */
  underPressure(request: FastifyRequest): Promise<boolean>;
  /** The owner proved the mailbox (a password reset): wrong passwords from elsewhere stop counting against them. */
  forgive(email: string): Promise<void>;
} {
  const { proofOfWork } = options;
  const deviceProof = (email: string) => createHmac('sha256', secret).update(`known-device:${email}`).digest('base64url');
  const knownDevice = (request: FastifyRequest, email: string) => {
    const presented = cookieValue(request, DEVICE_COOKIE);
    if (!presented) return false;
    const expected = Buffer.from(deviceProof(email));
    const given = Buffer.from(presented);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  /** Fastify adds a set-cookie header to those already set (better-auth's session cookies). */
  const setDeviceCookie = (reply: FastifyReply, email: string) => {
    reply.header(
      'set-cookie',
      `${DEVICE_COOKIE}=${deviceProof(email)}; Path=/api/auth; Max-Age=${DEVICE_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${options.secureCookie ? '; Secure' : ''}`,
    );
  };
  /** The failure keys a sign-in for `email` from this request counts on (the address one is a ceiling, see below). */
  const failureKeys = (request: FastifyRequest, email: string) =>
    knownDevice(request, email)
      ? [{ rule: backoffRules.signInFailDevice, on: `${email}|${deviceProof(email)}` }]
      : [
          { rule: backoffRules.signInFailAccountAddress, on: `${email}|${request.ip}` },
          { rule: backoffRules.signInFailAccount, on: email },
          { rule: backoffRules.signInFailAddress, on: request.ip },
        ];
  const isAddressKey = (key: { rule: { name: string } }) => key.rule.name === backoffRules.signInFailAddress.name;

  /** The per-address ceilings of one call: what a venue NAT shares, so a solved proof of work passes them. */
  const addressHits = (path: string, ip: string): Hit[] => {
    const hits: Hit[] = [{ rule: windowRules.authPerAddress, on: ip }];
    if (path === '/sign-up/email')
      hits.push({ rule: windowRules.signUpPerAddressMinute, on: ip }, { rule: windowRules.signUpPerAddressHour, on: ip });
    if (path === '/sign-in/email') hits.push({ rule: windowRules.signInPerAddress, on: ip });
    if (path === '/reset-password') hits.push({ rule: windowRules.resetPerAddress, on: ip });
    if (path === '/email-otp/verify-email') hits.push({ rule: windowRules.verifyCodePerAddress, on: ip });
    if (path === '/send-verification-email' || path === '/request-password-reset') hits.push({ rule: windowRules.mailPerAddress, on: ip });
    return hits;
  };
  /** What the caller owns: the e-mail a call is about. No proof of work passes these. */
  const ownerHits = (path: string, email: string | undefined): Hit[] => {
    if (!email) return [];
    const sendsMail = path === '/send-verification-email' || path === '/request-password-reset' || path === '/sign-up/email';
    if (sendsMail) return [{ rule: windowRules.mailPerRecipient, on: email, subject: email }];
    if (path === '/email-otp/verify-email') return [{ rule: windowRules.verifyCodePerRecipient, on: email, subject: email }];
    return [];
  };

  return {
    async before(request, _reply, path) {
      if (request.method !== 'POST') return;
      const ip = request.ip;
      const email = emailOf(request.body);
      const what = path === '/sign-in/email' ? 'sign-in attempts' : 'attempts';

      const owned = await store.hit(ownerHits(path, email));
      if (!owned.allowed) throw rateLimited(owned, what);
      let accountKeys: Array<{ rule: BackoffRule; on: string }> = [];
      let addressBackoff: Array<{ rule: BackoffRule; on: string }> = [];
      if (path === '/sign-in/email' && email) {
        const keys = failureKeys(request, email);
        accountKeys = keys.filter((key) => !isAddressKey(key));
        addressBackoff = keys.filter(isAddressKey);
        const account = await store.checkBackoff(accountKeys);
        if (!account.allowed) throw rateLimited(account, what);
      }

      let address = await store.hit(addressHits(path, ip));
      if (address.allowed) address = await store.checkBackoff(addressBackoff);
      if (address.allowed) return;
      // Over a ceiling this address shares with everyone behind it: a solved challenge lets this one call through.
      if (await proofOfWork.redeem(headerValue(request, PROOF_OF_WORK_HEADER))) return;
      throw new HttpError(
        429,
        authErrorCodes.proofOfWorkRequired,
        PROOF_OF_WORK_MESSAGE,
        { 'retry-after': String(address.retryAfterSeconds) },
        { challenge: await proofOfWork.challenge() },
      );
    },

    async underPressure(request) {
      const ip = request.ip;
      const keys = [
        ...['/sign-up/email', '/sign-in/email', '/reset-password', '/email-otp/verify-email', '/send-verification-email'].flatMap((path) =>
          addressHits(path, ip),
        ),
        { rule: backoffRules.signInFailAddress, on: ip },
      ];
      return store.nearLimit(keys, PRESSURE_SHARE);
    },

    async forgive(email) {
      await store.clear([{ rule: backoffRules.signInFailAccount, on: email.trim().toLowerCase() }]);
    },

    async after(request, reply, path, status) {
      // The mail's link signed its opener in (a session cookie is on the way): like the code, it marks the browser.
      if (request.method === 'GET' && path === '/verify-email') {
        const signedIn = [reply.getHeader('set-cookie')].flat().some((cookie) => /session_token=[^;]/.test(String(cookie)));
        const email = signedIn ? linkEmail(request.query) : undefined;
        if (email) setDeviceCookie(reply, email);
        return;
      }
      if (request.method !== 'POST') return;
      const email = emailOf(request.body);
      if (!email) return;
      // The right code from the verification mail signs in too: that browser is the owner's, like one that knew the
      // password, so wrong passwords from elsewhere cannot lock out a player who joined with the code.
      if (path === '/email-otp/verify-email' && status === 200) return setDeviceCookie(reply, email);
      if (path !== '/sign-in/email') return;
      const keys = failureKeys(request, email);
      if (status === 401) {
        await store.recordFailures(
          keys.map((key) => ({ ...key, subject: key.rule === backoffRules.signInFailAddress ? undefined : email })),
        );
      } else if (status === 200) {
        // The right password: this address's and device's failures for the account are forgotten.
        await store.clear(keys.filter((key) => key.rule !== backoffRules.signInFailAccount && key.rule !== backoffRules.signInFailAddress));
        setDeviceCookie(reply, email);
      }
    },
  };
}

/**
 * Limits on better-auth's endpoints, applied by our Fastify mount around auth.handler (better-auth's own
 * per-address limiter is off: it keyed everything on the address, which a venue NAT shares).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LimitStore, Verdict } from '../limits/limits.store';
import { backoffRules, RATE_LIMITED_CODE, waitPhrase, windowRules } from '../limits/limits.rules';

/** Set on a successful sign-in: proves this browser knew the account's password before (OWASP "device cookie"). */
export const DEVICE_COOKIE = 'gg_device';
const DEVICE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export interface AuthLimits {
  /** Refuses (sends 429) and returns false when the call is over a limit. */
  before(request: FastifyRequest, reply: FastifyReply, path: string): Promise<boolean>;
  /** Counts the outcome (a wrong password) once better-auth answered. */
  after(request: FastifyRequest, reply: FastifyReply, path: string, status: number): Promise<void>;
}

const emailOf = (body: unknown): string | undefined => {
  const email = (body as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' && email.length <= 320 ? email.trim().toLowerCase() : undefined;
};

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

export function refuseRateLimited(reply: FastifyReply, verdict: Verdict, what = 'attempts') {
  const wait = verdict.retryAfterSeconds;
  return reply
    .status(429)
    .header('retry-after', String(wait))
    .header('x-retry-after', String(wait))
    .send({ code: RATE_LIMITED_CODE, message: `Too many ${what}. Please wait ${waitPhrase(wait)} and try again.` });
}

export function createAuthLimits(store: LimitStore, secret: string, options: { secureCookie: boolean }): AuthLimits {
  const deviceProof = (email: string) => createHmac('sha256', secret).update(`known-device:${email}`).digest('base64url');
  const knownDevice = (request: FastifyRequest, email: string) => {
    const presented = cookieValue(request, DEVICE_COOKIE);
    if (!presented) return false;
    const expected = Buffer.from(deviceProof(email));
    const given = Buffer.from(presented);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  /** The failure keys a sign-in for `email` from this request counts on. */
  const failureKeys = (request: FastifyRequest, email: string) =>
    knownDevice(request, email)
      ? [{ rule: backoffRules.signInFailDevice, on: `${email}|${deviceProof(email)}` }]
      : [
          { rule: backoffRules.signInFailAccountAddress, on: `${email}|${request.ip}` },
          { rule: backoffRules.signInFailAccount, on: email },
          { rule: backoffRules.signInFailAddress, on: request.ip },
        ];

  return {
    async before(request, reply, path) {
      if (request.method !== 'POST') return true;
      const ip = request.ip;
      const email = emailOf(request.body);
      const hits = [{ rule: windowRules.authPerAddress, on: ip }];
      if (path === '/sign-up/email') hits.push({ rule: windowRules.signUpPerAddressMinute, on: ip }, { rule: windowRules.signUpPerAddressHour, on: ip });
      if (path === '/sign-in/email') hits.push({ rule: windowRules.signInPerAddress, on: ip });
      if (path === '/reset-password') hits.push({ rule: windowRules.resetPerAddress, on: ip });
      if (path === '/email-otp/verify-email') hits.push({ rule: windowRules.verifyCodePerAddress, on: ip });
      const sendsMail = path === '/send-verification-email' || path === '/request-password-reset';
      if (sendsMail) hits.push({ rule: windowRules.mailPerAddress, on: ip });
      let verdict = await store.hit(hits);
      if (verdict.allowed && sendsMail && email) verdict = await store.hit([{ rule: windowRules.mailPerRecipient, on: email, subject: email }]);
      if (verdict.allowed && path === '/sign-in/email' && email) verdict = await store.checkBackoff(failureKeys(request, email));
      if (verdict.allowed) return true;
      refuseRateLimited(reply, verdict, path === '/sign-in/email' ? 'sign-in attempts' : 'attempts');
      return false;
    },

    async after(request, reply, path, status) {
      if (request.method !== 'POST' || path !== '/sign-in/email') return;
      const email = emailOf(request.body);
      if (!email) return;
      const keys = failureKeys(request, email);
      if (status === 401) {
        for (const key of keys) await store.recordFailure(key.rule, key.on, key.rule === backoffRules.signInFailAddress ? undefined : email);
      } else if (status === 200) {
        // The right password: this address's and device's failures for the account are forgotten.
        await store.clear(keys.filter((key) => key.rule !== backoffRules.signInFailAccount && key.rule !== backoffRules.signInFailAddress));
        reply.header(
          'set-cookie',
          `${DEVICE_COOKIE}=${deviceProof(email)}; Path=/api/auth; Max-Age=${DEVICE_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${options.secureCookie ? '; Secure' : ''}`,
        );
      }
    },
  };
}

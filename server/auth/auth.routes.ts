import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SIGN_IN_REFUSED } from './auth-hardening';
import { cookiesAddedTo } from './account-claim';
import { DEVICE_COOKIE, type AuthLimits } from './auth-limits';
import { HASHING_BUSY_MESSAGE, type HashingCall, type PasswordHashing } from './password-hashing';
import { authErrorCodes } from '@contracts/auth.rules';
import { CLIENT_IP_HEADER, type Auth, type AuthSession } from './auth';
import type { SessionCache } from './session-cache';
import { cookieValueOf, type SessionReader } from './session-reader';
import { HttpError } from '../http/http-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in player, set by requireUser / requireOrganizer (or null for anyone else, by optionalUser). */
    session: AuthSession | null;
  }
}

/** Request headers as better-auth should see them: our computed client IP replaces anything the client sent. */
function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** The request's session: read directly on the common path (session-reader.ts), else by better-auth's getSession. */
async function lookupSession(auth: Auth, request: FastifyRequest, reader?: SessionReader): Promise<AuthSession | null> {
  const read = reader ? await reader(request.headers.cookie) : undefined;
  return read !== undefined ? read : auth.api.getSession({ headers: authHeaders(request) });
}

/**
 * The hashing queue's lane of a call (password-hashing.ts): its address and its device, i.e. the signed device cookie
 * of a browser that signed in before, else the account the call is about, else the address alone.
 */
function hashingLane(request: FastifyRequest): string {
  const device = cookieValueOf(request.headers.cookie, DEVICE_COOKIE);
  const email = (request.body as { email?: unknown } | null | undefined)?.email;
  const who = device ? `device:${device}` : typeof email === 'string' ? `account:${email.trim().toLowerCase().slice(0, 320)}` : '';
  return `${request.ip}|${who}`;
}

/** Mounts better-auth under /api/auth and offers the session guards the other capabilities use. */
export async function authRoutes(
  app: FastifyInstance,
  { auth, limits, hashing }: { auth: Auth; limits?: AuthLimits; hashing?: PasswordHashing },
) {
  app.decorateRequest('session', null);

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(request, reply) {
      const url = new URL(request.url, 'http://internal');
      const authPath = url.pathname.slice('/api/auth'.length);
      await limits?.before(request, reply, authPath);
      const hasBody = request.method !== 'GET' && request.body !== undefined && request.body !== null;
      const call: HashingCall = { path: authPath, lane: hashingLane(request) };
      // The request better-auth handles is kept: account-claim.ts hands its cookies back through it.
      let authRequest: Request | undefined;
      const handle = () => {
        authRequest = new Request(new URL(url.pathname + url.search, auth.options.baseURL as string), {
          method: request.method,
          headers: authHeaders(request),
          body: hasBody ? JSON.stringify(request.body) : undefined,
        });
        return auth.handler(authRequest);
      };
      const response = hashing ? await hashing.run(call, handle) : await handle();
      // No hash could be had in time: the same 503 whatever better-auth made of it, with when to send it again.
      if (call.refusedFor !== undefined)
        throw new HttpError(503, authErrorCodes.busy, HASHING_BUSY_MESSAGE, { 'retry-after': String(call.refusedFor) });
      const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
      reply.status(signInStatus(url.pathname, response.status, body));
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = [...response.headers.getSetCookie(), ...(authRequest ? cookiesAddedTo(authRequest) : [])];
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      await limits?.after(request, reply, authPath, response.status);
      return reply.send(body);
    },
  });
}

/**
 * better-auth answers the right password on an unverified account with 403 (its after-hook, auth.ts, rewrites the
 * body but not the status): every refused sign-in is the same 401 here, and one the after-hook turned into a sign-in
 * (players may start before confirming, docs/decisions/039) is a 200. Other 403s (a refused origin) stay 403.
 */
function signInStatus(pathname: string, status: number, body: Buffer | null): number {
  if (status !== 403 || pathname !== '/api/auth/sign-in/email' || !body) return status;
  const text = body.toString('utf8');
  if (text.includes(`"${SIGN_IN_REFUSED.code}"`)) return 401;
  return text.startsWith('{"redirect":false,"token":"') ? 200 : status;
}

/**
 * The session cookie exactly as sent (name and value), as the session cache's key; undefined when absent or sent more
 * than once (then better-auth alone decides which one counts).
 */
function sessionCookieOf(cookieHeader: string | undefined, name: string): string | undefined {
  const value = cookieValueOf(cookieHeader, name);
  return value === undefined ? undefined : `${name}=${value}`;
}

/** Guards for routes (as onRequest hooks, or awaited in a handler): each sets request.session. */
export function sessionGuards(auth: Auth, cache?: SessionCache, reader?: SessionReader) {
  /** Anyone may pass: request.session is the signed-in user's session, or null. */
  async function optionalUser(request: FastifyRequest) {
    request.session = await lookupSession(auth, request, reader);
  }
  let cookieName: string | undefined;
  const cacheKeyOf = async (request: FastifyRequest) => {
    cookieName ??= (await auth.$context).authCookies.sessionToken.name;
    return sessionCookieOf(request.headers.cookie, cookieName);
  };
  /**
   * Every player route reads the session from the database, and leaves it in the session cache for the guess route:
   * a phone loads its attempt (GET /api/game/current) or starts one before it guesses, so even its first guess is
   * answered from memory. `key`: the cache key when the caller has already found it in the Cookie header.
   */
  async function readAndRemember(request: FastifyRequest, key?: string) {
    const generation = cache?.generation();
    request.session = await lookupSession(auth, request, reader);
    if (!request.session) throw new HttpError(401, 'NO_SESSION', 'No active session found');
    if (cache && generation !== undefined) {
      key ??= await cacheKeyOf(request);
      if (key !== undefined) cache.set(key, request.session, generation);
    }
  }
  /** Also an onRequest hook, which Fastify calls with (request, reply): so it takes no key of its own. */
  async function requireUser(request: FastifyRequest) {
    await readAndRemember(request);
  }
  /**
   * requireUser through the session cache (session-cache.ts): for the guess route, where every millisecond of the
   * main thread counts. A revoked session is refused on every instance as soon as its NOTIFY arrives.
   */
  async function requireUserCached(request: FastifyRequest) {
    if (!cache) return requireUser(request);
    const key = await cacheKeyOf(request);
    const cached = key === undefined ? undefined : cache.get(key);
    if (cached) {
      request.session = cached;
      return;
    }
    await readAndRemember(request, key);
  }
  async function requireOrganizer(request: FastifyRequest) {
    await requireUser(request);
    if ((request.session!.user as { role?: string }).role !== 'organizer') throw new HttpError(403, 'FORBIDDEN', 'Organizers only');
  }
  return { optionalUser, requireUser, requireUserCached, requireOrganizer, sessionCacheStats: () => cache?.stats };
}

import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthLimits } from './auth-limits';
import { CLIENT_IP_HEADER, type Auth, type AuthSession } from './auth';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in player, set by requireUser / requireOrganizer. */
    session: AuthSession | null;
  }
}

/** Request headers as better-auth should see them: our computed client IP replaces anything the client sent. */
function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

export async function lookupSession(auth: Auth, request: FastifyRequest): Promise<AuthSession | null> {
  return auth.api.getSession({ headers: authHeaders(request) });
}

/** Mounts better-auth under /api/auth and offers the session guards the other capabilities use. */
export async function authRoutes(app: FastifyInstance, { auth, limits }: { auth: Auth; limits?: AuthLimits }) {
  app.decorateRequest('session', null);

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(request, reply) {
      const url = new URL(request.url, 'http://internal');
      const authPath = url.pathname.slice('/api/auth'.length);
      if (limits && !(await limits.before(request, reply, authPath))) return reply;
      const hasBody = request.method !== 'GET' && request.body !== undefined && request.body !== null;
      const response = await auth.handler(
        new Request(new URL(url.pathname + url.search, auth.options.baseURL as string), {
          method: request.method,
          headers: authHeaders(request),
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
      reply.status(signInStatus(url.pathname, response.status, body));
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      await limits?.after(request, reply, authPath, response.status);
      return reply.send(body);
    },
  });
}

/**
 * better-auth answers the right password on an unverified account with 403; every refused sign-in is a 401 here
 * (the body keeps code EMAIL_NOT_VERIFIED and says what to do). Other 403s (a refused origin) stay 403.
 */
function signInStatus(pathname: string, status: number, body: Buffer | null): number {
  if (status !== 403 || pathname !== '/api/auth/sign-in/email' || !body) return status;
  return body.toString('utf8').includes('"EMAIL_NOT_VERIFIED"') ? 401 : status;
}

export function sessionGuards(auth: Auth) {
  async function requireUser(request: FastifyRequest, reply: FastifyReply) {
    request.session = await lookupSession(auth, request);
    if (!request.session) {
      return reply.status(401).send({ code: 'NO_SESSION', message: 'No active session found' });
    }
  }
  async function requireOrganizer(request: FastifyRequest, reply: FastifyReply) {
    await requireUser(request, reply);
    if (reply.sent) return;
    if ((request.session!.user as { role?: string }).role !== 'organizer') {
      return reply.status(403).send({ code: 'FORBIDDEN', message: 'Organizers only' });
    }
  }
  return { requireUser, requireOrganizer };
}

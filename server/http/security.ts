import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { HttpError } from './http-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The headers a helmet middleware sets. With this configuration they depend on nothing in the request (no nonce, no
 * directive computed per request), so running it once on a recording response gives every response's headers.
 */
export function headersSetBy(middleware: ReturnType<typeof helmet>): Array<[string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let finished = false;
  middleware({ headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish at once: its headers cannot be worked out ahead');
  return [...headers];
}

/** Security headers plus a same-origin check on every state-changing API call (cookie auth needs CSRF protection). */
export async function registerSecurity(app: FastifyInstance, options: { production: boolean; allowedOrigins: string[] }) {
  // helmet's headers, worked out once for the process and set on every response. (@fastify/helmet builds the middleware
  // again for every request, parsing this configuration each time: 3 % of the main thread's time per guess; running the
  // middleware per request still rebuilt the policy string and ran twelve middlewares: docs/decisions/045.)
  const securityHeaders = headersSetBy(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Radix and sonner position popovers and toasts with style attributes; scripts stay strict.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(options.production ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      frameguard: { action: 'deny' },
      hsts: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    // On the raw response, as helmet sets them: a response written by hand (the event streams) carries them too.
    for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    done();
  });

  const warnings = misconfigurationWarnings(options.allowedOrigins);

  // better-auth checks Origin on /api/auth itself; everything else under /api is checked here.
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) {
      // A page opened at an address that is not PUBLIC_URL (e.g. a load balancer's): every write from it will be refused.
      if (!request.url.startsWith('/api/')) warnings.pageOpenedElsewhere(request);
      return;
    }
    if (!request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    const sameOrigin = origin ? options.allowedOrigins.includes(origin) : request.headers['sec-fetch-site'] === 'same-origin';
    if (request.url.startsWith('/api/auth/')) {
      // better-auth refuses it (same list of origins); say why here, where an operator looks.
      if (origin && !sameOrigin) warnings.refusedOrigin(request, origin);
      return;
    }
    if (!sameOrigin) {
      warnings.refusedOrigin(request, origin ?? `(no Origin; sec-fetch-site ${request.headers['sec-fetch-site'] ?? 'absent'})`);
      throw new HttpError(403, 'CSRF', 'Cross-site request refused');
    }
  });
}

/** Distinct origins (or hosts) warned about per process: enough to diagnose, bounded against a flood of junk. */
const MAX_WARNED = 20;

/**
 * The first time a browser origin is refused as cross-site, and the first time a page is opened at an address that is
 * not an allowed origin, one log line says what to set (docs/decisions/036): behind a load balancer the usual cause is
 * PUBLIC_URL still naming an instance instead of the balancer's address, which refuses every write of every player.
 */
function misconfigurationWarnings(allowedOrigins: string[]) {
  const warned = new Set<string>();
  const once = (key: string) => {
    if (warned.has(key) || warned.size >= MAX_WARNED) return false;
    warned.add(key);
    return true;
  };
  const hint =
    "Set PUBLIC_URL to the address players open (behind a load balancer: the balancer's public address, e.g. https://game.example.org), " +
    'or list extra addresses in ALLOWED_ORIGINS';
  return {
    refusedOrigin(request: FastifyRequest, origin: string) {
      if (!once(`origin ${origin}`)) return;
      request.log.warn(
        { origin, allowedOrigins, url: request.url },
        `write refused as cross-site (CSRF): origin ${origin} is not an allowed origin. ${hint}`,
      );
    },
    pageOpenedElsewhere(request: FastifyRequest) {
      const host = request.host;
      if (!host) return;
      const origin = `${request.protocol}://${host}`;
      if (allowedOrigins.includes(origin) || !once(`page ${origin}`)) return;
      request.log.warn(
        { openedAt: origin, allowedOrigins, url: request.url },
        `a page was opened at ${origin}, which is not an allowed origin: its sign-in and guesses will be refused as cross-site. ${hint}`,
      );
    },
  };
}

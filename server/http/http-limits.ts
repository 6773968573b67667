import type { FastifyServerOptions } from 'fastify';
import type { Env } from '../env';

/**
 * Node's HTTP timeouts for phones on bad Wi-Fi (docs/decisions/009-live-board-admission-and-timeouts.md). Fastify turns Node's request timeout off by default,
 * so an unfinished body was held forever. Headers must arrive within HTTP_HEADERS_TIMEOUT_MS, the whole request within
 * HTTP_REQUEST_TIMEOUT_MS, and a connection silent for HTTP_IDLE_TIMEOUT_MS is closed. The leaderboard stream turns
 * the idle timeout off for its own socket (its request was complete long ago, so the other two never apply).
 */
export function httpTimeouts(env: Pick<Env, 'HTTP_HEADERS_TIMEOUT_MS' | 'HTTP_REQUEST_TIMEOUT_MS' | 'HTTP_IDLE_TIMEOUT_MS'>) {
  const headersTimeout = Math.min(env.HTTP_HEADERS_TIMEOUT_MS, env.HTTP_REQUEST_TIMEOUT_MS);
  return {
    requestTimeout: env.HTTP_REQUEST_TIMEOUT_MS,
    connectionTimeout: env.HTTP_IDLE_TIMEOUT_MS,
    // Announced to clients (Keep-Alive: timeout=…) so they stop reusing a kept-alive socket before the idle timeout
    // closes it: past it, a client reusing the socket as the server closes it would see a lost connection.
    keepAliveTimeout: Math.max(100, env.HTTP_IDLE_TIMEOUT_MS - 1_000),
    // Node checks the two timeouts on this interval (default 30 s, which would let a stalled client stay twice as long).
    http: { headersTimeout, connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(headersTimeout / 2))) },
  } satisfies Partial<FastifyServerOptions> & { http: object };
}

/**
 * GET /metrics in Prometheus text format, for this machine and for whoever holds METRICS_TOKEN; everyone else gets the
 * ordinary 404, so the route does not even show that it exists. "This machine" is the socket's own peer with no sign of
 * forwarding, and never a trusted proxy (behind a proxy on this machine every outside request arrives from loopback).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from './metrics';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'via'];

export interface MetricsAccess {
  token?: string;
  /** Whether a socket peer is a trusted proxy (TRUST_PROXY). */
  trustsPeer: (address: string | undefined) => boolean;
}

export function mayReadMetrics(request: FastifyRequest, access: MetricsAccess): boolean {
  const authorization = request.headers.authorization;
  if (access.token && typeof authorization === 'string' && authorization.startsWith('Bearer ')) {
    const given = Buffer.from(authorization.slice('Bearer '.length).trim());
    const expected = Buffer.from(access.token);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  const peer = request.raw.socket.remoteAddress;
  return (
    peer !== undefined &&
    LOOPBACK.has(peer) &&
    !access.trustsPeer(peer) &&
    FORWARDING_HEADERS.every((name) => request.headers[name] === undefined)
  );
}

export async function metricsRoutes(app: FastifyInstance, options: MetricsAccess & { metrics: Metrics }) {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, options)) return reply.callNotFound();
    const body = await options.metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(options.metrics.registry.contentType).send(body);
  });
}

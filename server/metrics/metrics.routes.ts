/**
 * GET /metrics in Prometheus text format, for this machine and for whoever holds METRICS_TOKEN; everyone else gets the
 * ordinary 404, so the route does not even show that it exists. "This machine" is the socket's own peer with no sign of
 * forwarding, and never a trusted proxy (behind a proxy on this machine every outside request arrives from loopback).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isThisMachine } from '../http/this-machine';
import type { Metrics } from './metrics';

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
  return isThisMachine(peer, request.headers) && !access.trustsPeer(peer);
}

export async function metricsRoutes(app: FastifyInstance, options: MetricsAccess & { metrics: Metrics }) {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, options)) return reply.callNotFound();
    const body = await options.metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(options.metrics.registry.contentType).send(body);
  });
}

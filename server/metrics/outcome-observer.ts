/**
 * Route hooks that count every answer of a route (succeeded, or refused with the code the client got) and time it
 * from arrival to answer, refusals before the handler included (event-loop pressure, an in-flight cap, a rate limit).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Counter, Histogram } from 'prom-client';
import { apiErrorCodeOf } from '../http/error-handler';

export interface OutcomeMetrics {
  /** Seconds from arrival to answer, by outcome ('scored' or 'refused'). */
  seconds: Histogram<'outcome'>;
  succeeded: Counter;
  /** Refusals by the code the client got. */
  refused: Counter<'reason'>;
}

export function outcomeObserver(metrics: OutcomeMetrics | undefined) {
  const refusals = new WeakMap<FastifyRequest, string>();
  return {
    // Every refusal is an error on its way to the error handler: its code is the one the client gets.
    onError: async (request: FastifyRequest, _reply: FastifyReply, error: Error) => {
      if (metrics) refusals.set(request, apiErrorCodeOf(error));
    },
    onResponse: async (request: FastifyRequest, reply: FastifyReply) => {
      if (!metrics) return;
      const succeeded = reply.statusCode === 200;
      metrics.seconds.observe({ outcome: succeeded ? 'scored' : 'refused' }, reply.elapsedTime / 1000);
      if (succeeded) metrics.succeeded.inc();
      else metrics.refused.inc({ reason: refusals.get(request) ?? `HTTP_${reply.statusCode}` });
    },
  };
}

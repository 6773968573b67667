/**
 * Request ids: every log line of a request carries its id (pino's reqId), and the response names it in X-Request-Id.
 * An id sent by the client is believed only when a proxy we trust (TRUST_PROXY) passed it on, so a load balancer's
 * log and ours share it; from anyone else it is ignored. Ids are short and plain, so they cannot forge log lines.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Fastify's genReqId: a trusted proxy's id when it sent a sane one, else a fresh UUID. */
export function requestIdGenerator(trustsPeer: (address: string | undefined) => boolean) {
  return (request: IncomingMessage): string => {
    const incoming = request.headers[REQUEST_ID_HEADER];
    if (typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) && trustsPeer(request.socket?.remoteAddress)) return incoming;
    return randomUUID();
  };
}

export function returnRequestIds(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => void reply.header(REQUEST_ID_HEADER, request.id));
}

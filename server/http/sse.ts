import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Turns a reply into a Server-Sent Events stream and hands back the raw response to write events to. Fastify lets go
 * of the reply; the headers it already set (security headers) go out with the stream's own.
 */
export function openEventStream(reply: FastifyReply): FastifyReply['raw'] {
  // A stream is quiet between heartbeats by design: the idle timeout for stalled clients does not apply to it.
  reply.raw.socket?.setTimeout?.(0);
  reply.hijack();
  const headers = reply.getHeaders() as Record<string, string | number | string[]>;
  reply.raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Tells nginx-style proxies not to buffer the stream.
    'x-accel-buffering': 'no',
  });
  reply.raw.socket?.setNoDelay(true);
  return reply.raw;
}

/** The id of the last event a reconnecting EventSource saw (its Last-Event-ID header), if it sent one. */
export function lastEventIdOf(request: FastifyRequest): string | undefined {
  const id = request.headers['last-event-id'];
  return typeof id === 'string' ? id : undefined;
}

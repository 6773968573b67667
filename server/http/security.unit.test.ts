import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { headersSetBy } from './security';

/** What the middleware sets when it runs on a real response, as @fastify/helmet ran it per request. */
function headersOnARealResponse(middleware: ReturnType<typeof helmet>) {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  response.setHeader('X-Powered-By', 'something');
  middleware(response.req, response, () => undefined);
  return response.getHeaders();
}

describe('helmet headers worked out once', () => {
  it.each([
    ['the defaults', {}],
    ['a configuration like the server’s', { hsts: false, frameguard: { action: 'deny' as const }, crossOriginEmbedderPolicy: false }],
  ])('are the headers helmet sets on a real response, for %s', (_name, options) => {
    const once = headersSetBy(helmet(options));
    expect(once.length).toBeGreaterThan(8);
    expect(Object.fromEntries(once.map(([name, value]) => [name.toLowerCase(), value]))).toEqual(headersOnARealResponse(helmet(options)));
  });
});

import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@contracts/errors.rules';
import { HttpError } from './http-error';

/** The code a 4xx gets when no HttpError named one (a body Fastify itself refused before any route ran). */
function codeForStatus(status: number): ErrorCode {
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  return 'BAD_REQUEST';
}

/**
 * Every error leaves as `{ code, message }` (contracts/errors.ts) with a declared code: a schema failure as VALIDATION
 * with where it failed; an expected refusal (an HttpError with a 4xx, or a 503 "busy, send it again") with its own code,
 * message, headers and details; any other 4xx with its message and a code for its status; anything else (a real 5xx)
 * as INTERNAL with its detail only in the log.
 */
export function setErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = error.validation
        .map((issue) => `${issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'request'}: ${issue.message}`)
        .join('; ');
      return reply.status(400).send({ code: 'VALIDATION', message });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (error instanceof HttpError && (status < 500 || status === 503)) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(status).send({ ...error.details, code: error.code, message: error.message });
    }
    if (status >= 500 || status < 400) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(status >= 500 ? status : 500)
        .send({ code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
    }
    const headers = (error as { headers?: Record<string, string> }).headers;
    if (headers) reply.headers(headers);
    return reply.status(status).send({ code: codeForStatus(status), message: (error as Error).message });
  });
}

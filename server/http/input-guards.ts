import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error';

/** No request body of ours nests deeper than a few levels; 32 leaves room and stops stack-overflow payloads. */
export const MAX_JSON_DEPTH = 32;

const badRequest = (message: string) => new HttpError(400, 'BAD_REQUEST', message);

/**
 * Nesting depth of a JSON text, counted without parsing (brackets inside strings do not count), so a
 * 4,500-deep body is refused before anything recursive (parsing, re-serializing, validating) touches it.
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 92 /* \ */) i++;
      else if (code === 34 /* " */) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 123 /* { */ || code === 91 /* [ */) {
      depth++;
      if (depth > max) max = depth;
    } else if (code === 125 /* } */ || code === 93 /* ] */) depth--;
  }
  return max;
}

/**
 * True when a string can't be stored as text: a NUL, or ill-formed UTF-16 (a lone surrogate, which JSON's `\udfe9`
 * escape lets a client send). PostgreSQL's UTF-8 text columns accept neither.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** True when any string (key or value) in a parsed JSON value can't be stored as database text (see unstorable). */
export function containsUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return unstorable(value);
  if (Array.isArray(value)) return value.some(containsUnstorableText);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => unstorable(key) || containsUnstorableText(inner));
  }
  return false;
}

/**
 * Input the app can never use is refused with 400 before any route sees it: JSON bodies nested deeper than
 * MAX_JSON_DEPTH, NUL characters or lone surrogates anywhere in a body, a path or a query string (PostgreSQL text cannot hold
 * them, so they would otherwise surface as a 500 after the work was done: a guess would be scored first).
 */
export function registerInputGuards(app: FastifyInstance) {
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepth(text) > MAX_JSON_DEPTH) return done(badRequest(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`), undefined);
    defaultJsonParser(request, text, (error, parsed) => {
      if (error) {
        const statusCode = (error as { statusCode?: number }).statusCode;
        return done(statusCode && statusCode < 500 ? error : badRequest('Malformed JSON body'), undefined);
      }
      if (containsUnstorableText(parsed)) return done(badRequest('Text may not contain NUL characters or invalid Unicode'), undefined);
      done(null, parsed);
    });
  });

  app.addHook('onRequest', async (request) => {
    if (/%00|\u0000/i.test(request.url)) throw badRequest('The address may not contain NUL characters');
  });
}

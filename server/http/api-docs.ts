/**
 * The API described as OpenAPI 3, generated from the routes' zod schemas (@fastify/swagger with
 * fastify-type-provider-zod's jsonSchemaTransform), for organizers only: GET /api/docs/openapi.json and a readable page
 * at /api/docs (@fastify/swagger-ui, its assets from npm, so it works offline). Registered by the HTTP module before any
 * route, as the collector records routes while they are added.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const API_DOCS_PREFIX = '/api/docs';

export async function registerApiDocs(app: FastifyInstance, options: { publicUrl: string }) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Guess the Genesis API',
        version: process.env.npm_package_version ?? '0.1.0',
        description:
          'Every route of the game and of the organizer console (/api/admin/*, organizers only: anonymous callers get 401, ' +
          "players 403). Authentication is the session cookie set by /api/auth; a write needs the app's origin (CSRF check).",
      },
      servers: [{ url: options.publicUrl }],
      // The organizer console first: it is what this document is mostly read for.
      tags: [{ name: 'admin', description: 'The organizer console (organizers only)' }],
    },
    // Only the API: the web app's pages, the development mailbox and better-auth's catch-all stay out.
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const url = transformed.url;
      const section = url.split('/')[2] ?? 'api';
      const hidden = !url.startsWith('/api/') || url.startsWith(API_DOCS_PREFIX) || url.includes('*');
      return { ...transformed, schema: { ...transformed.schema, tags: [section], ...(hidden ? { hide: true } : {}) } };
    },
  });

  // The auth capability decorates the guards after this module: looked up per request.
  const organizersOnly = (request: FastifyRequest) => app.guards.requireOrganizer(request);
  app.get(`${API_DOCS_PREFIX}/openapi.json`, { onRequest: organizersOnly, schema: { hide: true } }, async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send(app.swagger());
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    // The page and its document are for organizers; the static assets are swagger-ui's own files from npm.
    uiHooks: { onRequest: organizersOnly },
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: false },
  });
}

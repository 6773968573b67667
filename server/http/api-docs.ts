/**
 * The API described as OpenAPI 3, generated from the routes' zod schemas (@fastify/swagger with
 * fastify-type-provider-zod's jsonSchemaTransform), for organizers only: GET /api/docs/openapi.json and a readable page
 * at /api/docs (@fastify/swagger-ui, its assets from npm, so it works offline). Registered by the HTTP module before any
 * route, as the collector records routes while they are added. Routes that are not Fastify's own (better-auth's, under
 * /api/auth) are described by the capability that mounts them through app.addApiDoc, from their own schemas, and
 * merged in (OpenAPI 3.1 parts converted to this document's 3.0).
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const API_DOCS_PREFIX = '/api/docs';

type Json = unknown;
/** Paths (under their full URL) and the schemas they reference (#/components/schemas/<name>) of routes Fastify does not describe. */
export interface ApiDocPart {
  paths: Record<string, Record<string, Json>>;
  schemas?: Record<string, Json>;
  tag: { name: string; description: string };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Adds paths to the OpenAPI document, built when the document is first asked for. */
    addApiDoc(part: () => Promise<ApiDocPart>): void;
  }
}

/**
 * A JSON Schema of OpenAPI 3.1 (JSON Schema 2020-12) as OpenAPI 3.0 writes it: `type: [T, 'null']` and
 * `anyOf: [X, {type: 'null'}]` become `nullable`, `const` an `enum` of one, `examples` one `example`; keywords 3.0
 * does not know (`propertyNames`, `$schema`) are dropped.
 */
export function toOpenApi30(value: Json): Json {
  if (Array.isArray(value)) return value.map(toOpenApi30);
  if (!value || typeof value !== 'object') return value;
  const input = value as Record<string, Json>;
  const out: Record<string, Json> = {};
  for (const [key, entry] of Object.entries(input)) {
    if (key === 'propertyNames' || key === '$schema') continue;
    if (key === 'const') out.enum = [entry];
    else if (key === 'examples' && Array.isArray(entry)) out.example = entry[0];
    else out[key] = toOpenApi30(entry);
  }
  if (Array.isArray(out.type)) {
    const types = (out.type as string[]).filter((type) => type !== 'null');
    if (types.length < (out.type as string[]).length) out.nullable = true;
    if (types.length === 1) out.type = types[0];
    else {
      delete out.type;
      out.anyOf = types.map((type) => ({ type }));
    }
  } else if (out.type === 'null') {
    delete out.type;
    out.nullable = true;
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = out[key] as Array<Record<string, Json>> | undefined;
    if (!Array.isArray(options)) continue;
    const nonNull = options.filter((option) => !(option.nullable === true && Object.keys(option).length === 1));
    if (nonNull.length === options.length) continue;
    delete out[key];
    if (nonNull.length === 1) Object.assign(out, nonNull[0], { nullable: true });
    else Object.assign(out, { [key]: nonNull, nullable: true });
  }
  return out;
}

/** This app's document with the added parts merged in: their schemas under `<Tag><Name>`, every reference rewritten. */
async function mergedDocument(base: Record<string, Json>, parts: Array<() => Promise<ApiDocPart>>) {
  const document = structuredClone(base) as {
    paths: Record<string, Json>;
    tags?: Array<{ name: string; description: string }>;
    components?: { schemas?: Record<string, Json> };
  };
  for (const load of parts) {
    const part = await load();
    const prefix = part.tag.name.charAt(0).toUpperCase() + part.tag.name.slice(1);
    const renamed = (json: Json) =>
      JSON.parse(
        JSON.stringify(toOpenApi30(json)).replace(
          /"#\/components\/schemas\/([^"]+)"/g,
          (_match, name) => `"#/components/schemas/${prefix}${name}"`,
        ),
      );
    for (const [path, operations] of Object.entries(part.paths)) document.paths[path] = renamed(operations);
    document.components ??= {};
    document.components.schemas ??= {};
    for (const [name, schema] of Object.entries(part.schemas ?? {})) document.components.schemas[`${prefix}${name}`] = renamed(schema);
    document.tags = [...(document.tags ?? []).filter((tag) => tag.name !== part.tag.name), part.tag];
  }
  return document;
}

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

  const parts: Array<() => Promise<ApiDocPart>> = [];
  app.decorate('addApiDoc', (part: () => Promise<ApiDocPart>) => void parts.push(part));
  // Built once, when first asked for: every route is known by then, and an app nobody asks pays nothing.
  let whole: Promise<Json> | undefined;
  let built: Json | undefined;
  const document = () => {
    whole ??= mergedDocument(app.swagger() as unknown as Record<string, Json>, parts).then((merged) => (built = merged));
    return whole;
  };

  // The auth capability decorates the guards after this module: looked up per request.
  const organizersOnly = (request: FastifyRequest) => app.guards.requireOrganizer(request);
  app.get(`${API_DOCS_PREFIX}/openapi.json`, { onRequest: organizersOnly, schema: { hide: true } }, async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send(await document());
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    // The page and its document are for organizers; the static assets are swagger-ui's own files from npm.
    uiHooks: {
      onRequest: organizersOnly,
      preHandler: async () => void (await document()),
    },
    // The page's document is the same merged one (swagger-ui asks for it after the page, so it is built by then).
    transformSpecification: (swaggerObject) => (built as typeof swaggerObject | undefined) ?? swaggerObject,
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: false },
  });
}

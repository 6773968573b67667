import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isClientRoute } from '@contracts/paths';

export const webDistDir = path.resolve(import.meta.dirname, '../dist/web');

/** Serves the built web app: hashed assets cached for a year, index.html for client routes, a logged 404 for the rest. */
export async function webRoutes(app: FastifyInstance, options: { distDir?: string } = {}) {
  const distDir = options.distDir ?? webDistDir;
  const indexFile = path.join(distDir, 'index.html');
  const indexHtml = existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8')
    : '<!doctype html><title>Guess the Genesis</title><p>The web app is not built: run <code>npm run build</code>.</p>';

  if (existsSync(distDir)) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      // The build writes .br/.gz beside each asset (vite.config.ts); send those to clients that accept them.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && !pathname.startsWith('/assets/');
    if (wantsPage && isClientRoute(pathname)) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    request.log.warn({ path: pathname, method: request.method }, 'not found');
    if (wantsPage) {
      // The web app renders its 404 page for this path; the status tells crawlers and tests the truth.
      return reply.status(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).send({ code: 'NOT_FOUND', message: `No route ${request.method} ${pathname}` });
  });
}

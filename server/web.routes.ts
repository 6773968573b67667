import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { isClientRoute } from '@contracts/paths';
import { hasSessionCookie, preloadTags, readManifest, withPreloads } from './web-preload';

export const webDistDir = path.resolve(import.meta.dirname, '../dist/web');

/** Serves the built web app: hashed assets cached for a year, index.html for client routes, a logged 404 for the rest. */
export async function webRoutes(app: FastifyInstance, options: { distDir?: string } = {}) {
  const distDir = options.distDir ?? webDistDir;
  const indexFile = path.join(distDir, 'index.html');
  const indexHtml = existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8')
    : '<!doctype html><title>Guess the Genesis</title><p>The web app is not built: run <code>npm run build</code>.</p>';

  const manifest = readManifest(distDir);
  const landingFile = path.join(distDir, 'landing.html');
  // Pre-rendered at build time (scripts/vite-prerender.ts); its CSS is inlined, so it is compressed once, here.
  const landing = existsSync(landingFile) ? compressed(withPreloads(readFileSync(landingFile, 'utf8'), preloadTags(manifest, '/', { hasSessionCookie: false }))) : null;
  const pageHtml = (pathname: string, cookie: string | undefined) =>
    withPreloads(indexHtml, preloadTags(manifest, pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname, { hasSessionCookie: hasSessionCookie(cookie) }));

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
    if (wantsPage && pathname === '/' && landing) return sendVariant(request, reply, landing);
    if (wantsPage && isClientRoute(pathname)) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(pageHtml(pathname, request.headers.cookie));
    }
    request.log.warn({ path: pathname, method: request.method }, 'not found');
    if (wantsPage) {
      // The web app renders its 404 page for this path; the status tells crawlers and tests the truth.
      return reply.status(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(pageHtml(pathname, undefined));
    }
    return reply.status(404).send({ code: 'NOT_FOUND', message: `No route ${request.method} ${pathname}` });
  });
}

interface HtmlVariants {
  raw: Buffer;
  br?: Buffer;
  gz?: Buffer;
}

function compressed(html: string): HtmlVariants {
  const raw = Buffer.from(html);
  return { raw, br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), gz: gzipSync(raw, { level: 9 }) };
}

/** Sends the smallest copy the client accepts: the landing page inlines its CSS, so compression matters. */
function sendVariant(request: FastifyRequest, reply: FastifyReply, html: HtmlVariants) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (html.br && /\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(html.br);
  if (html.gz && /\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(html.gz);
  return reply.send(html.raw);
}

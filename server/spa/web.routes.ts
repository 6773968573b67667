import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { isClientRoute, paths } from '@contracts/paths';
import { hasSessionCookie, preloadTags, readManifest, withPreloads } from './web-preload';
import { HttpError } from '../http/http-error';

export const webDistDir = path.resolve(import.meta.dirname, '../../dist/web');

/** Serves the built web app: hashed assets cached for a year, index.html for client routes, a logged 404 for the rest. */
export async function webRoutes(app: FastifyInstance, options: { distDir?: string; googleEnabled?: boolean } = {}) {
  const distDir = options.distDir ?? webDistDir;
  const indexFile = path.join(distDir, 'index.html');
  // The app's stylesheet goes inside each page's HTML, as on the pre-rendered landing page: it arrives with the page
  // during the round trips the scripts still wait for, and leaves one of the browser's 6 connections to a script
  // (docs/decisions/025). The CSP allows inline styles.
  const indexHtml = existsSync(indexFile)
    ? inlineStylesheets(readFileSync(indexFile, 'utf8'), distDir)
    : '<!doctype html><title>Guess the Genesis</title><p>The web app is not built: run <code>npm run build</code>.</p>';

  const manifest = readManifest(distDir);
  const landingFile = path.join(distDir, 'landing.html');
  // Pre-rendered at build time (scripts/vite-prerender.ts); its CSS is inlined, so it is compressed once, here.
  const landing = existsSync(landingFile)
    ? compressed(withPreloads(readFileSync(landingFile, 'utf8'), preloadTags(manifest, '/', { hasSessionCookie: false })))
    : null;
  // The other pages differ only in their preload tags (a few per route): each copy is compressed on first use, at once
  // (brotli 5, a few ms) and again at the highest level (brotli 11, ~0.1 s) in the background for the next visitor.
  const pages = new Map<string, HtmlVariants>();
  const pageHtml = (pathname: string, cookie: string | undefined) => {
    const tags = preloadTags(manifest, pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname, {
      hasSessionCookie: hasSessionCookie(cookie),
    });
    let page = pages.get(tags);
    if (!page) {
      const html = withPreloads(indexHtml, tags);
      page = compressed(html, 5);
      pages.set(tags, page);
      setImmediate(() => pages.set(tags, compressed(html, 11)));
    }
    return page;
  };

  // /auth for a request without a session cookie: nobody can be signed in, so the page is known before any script
  // runs and is sent pre-rendered (build time, scripts/vite-prerender.ts), like the landing page. With a cookie the
  // app's guard decides ('Loading...', then the form or /play). Only plain /auth and ?mode=sign-up (the landing's
  // buttons): a mail link's or Google's return (?from, ?error) shows a notice the app raises.
  const authTags = preloadTags(manifest, paths.auth, { hasSessionCookie: false });
  const authPages = new Map(
    [...(readAuthVariants(distDir, options.googleEnabled === true) ?? [])].map(([mode, markup]) => {
      const root = `<div id="root" data-prerendered="auth" data-guest data-google="${options.googleEnabled === true}">${markup}</div>`;
      return [
        mode,
        compressed(
          withPreloads(
            indexHtml.replace('<div id="root"></div>', () => root),
            authTags,
          ),
        ),
      ] as const;
    }),
  );
  const prerenderedAuth = (search: string, cookie: string | undefined): HtmlVariants | undefined => {
    const mode = search === '' ? 'sign-in' : search === 'mode=sign-up' ? 'sign-up' : undefined;
    return mode && !hasSessionCookie(cookie) ? authPages.get(mode) : undefined;
  };

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
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && !pathname.startsWith('/assets/');
    if (wantsPage && pathname === '/' && landing) return sendVariant(request, reply, landing);
    const auth =
      wantsPage && pathname === paths.auth ? prerenderedAuth(request.url.slice(pathname.length + 1), request.headers.cookie) : undefined;
    if (auth) return sendVariant(request, reply, auth);
    if (wantsPage && isClientRoute(pathname)) return sendVariant(request, reply, pageHtml(pathname, request.headers.cookie));
    request.log.warn({ path: pathname, method: request.method }, 'not found');
    if (wantsPage) {
      // The web app renders its 404 page for this path; the status tells crawlers and tests the truth.
      return sendVariant(request, reply.status(404), pageHtml(pathname, undefined));
    }
    throw new HttpError(404, 'NOT_FOUND', `No route ${request.method} ${pathname}`);
  });
}

interface HtmlVariants {
  raw: Buffer;
  br?: Buffer;
  gz?: Buffer;
}

function compressed(html: string, brotliQuality = 11): HtmlVariants {
  const raw = Buffer.from(html);
  return {
    raw,
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } }),
    gz: gzipSync(raw, { level: 9 }),
  };
}

/** Replaces each `<link rel="stylesheet">` of the build with the stylesheet itself (same markup as the landing page's). */
export function inlineStylesheets(html: string, distDir: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g, (tag, file: string) => {
    const css = path.join(distDir, file);
    return existsSync(css) ? `<style data-href="/${file}">${readFileSync(css, 'utf8')}</style>` : tag;
  });
}

/** Sends the smallest copy the client accepts: the pages inline their CSS, so compression matters. */
function sendVariant(request: FastifyRequest, reply: FastifyReply, html: HtmlVariants) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (html.br && /\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(html.br);
  if (html.gz && /\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(html.gz);
  return reply.send(html.raw);
}

/** /auth's pre-rendered markup per mode, for this server's Google setting; none when the build has no such file. */
function readAuthVariants(distDir: string, googleEnabled: boolean): Map<string, string> | undefined {
  const file = path.join(distDir, 'auth-prerendered.json');
  if (!existsSync(file)) return undefined;
  const variants = JSON.parse(readFileSync(file, 'utf8')) as Array<{ mode: string; googleEnabled: boolean; markup: string }>;
  return new Map(variants.filter((variant) => variant.googleEnabled === googleEnabled).map((variant) => [variant.mode, variant.markup]));
}

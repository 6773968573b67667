// Vite plugin: after the client build, renders the landing page with react-dom/server (an SSR build of
// web/app/prerender.tsx into a temporary folder) and writes dist/web/landing.html: index.html with the page's markup
// in #root and the CSS inlined (one request paints the page). The server adds preload links, compresses it once at
// start-up and sends it for `/`. It also writes dist/web/auth-prerendered.json, the markup of /auth's signed-out
// variants (sign-in / sign-up, with or without Google), which the server puts in #root for a request without a
// session cookie.
import react from '@vitejs/plugin-react';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';

export const LANDING_HTML = 'landing.html';
export const AUTH_PRERENDERED_JSON = 'auth-prerendered.json';

export function prerenderLanding(options: { alias: Record<string, string>; webRoot: string }): Plugin {
  return {
    name: 'gg-prerender-landing',
    apply: 'build',
    async writeBundle(output) {
      const outDir = output.dir!;
      const ssrDir = await mkdtemp(path.join(tmpdir(), 'gg-prerender-'));
      try {
        await build({
          configFile: false,
          root: options.webRoot,
          logLevel: 'warn',
          plugins: [react()],
          resolve: { alias: options.alias },
          build: { ssr: path.join(options.webRoot, 'app/prerender.tsx'), outDir: ssrDir, emptyOutDir: true, target: 'node20' },
          ssr: { noExternal: true },
        });
        const entry = path.join(ssrDir, 'prerender.js');
        const { renderLanding, renderAuth, AUTH_VARIANTS } = (await import(
          pathToFileURL(entry).href
        )) as typeof import('../web/app/prerender');
        const markup = renderLanding();
        const auth = AUTH_VARIANTS.map((variant) => ({ ...variant, markup: renderAuth(variant) }));
        await writeFile(path.join(outDir, AUTH_PRERENDERED_JSON), JSON.stringify(auth));
        let html = await readFile(path.join(outDir, 'index.html'), 'utf8');
        // Inline the stylesheet: without it the page may not paint before a second round trip.
        const cssLinks = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)];
        for (const [tag, href] of cssLinks) {
          const css = await readFile(path.join(outDir, href.replace(/^\//, '')), 'utf8');
          html = html.replace(tag, () => `<style data-href="${href}">${css}</style>`);
        }
        html = html.replace('<div id="root"></div>', () => `<div id="root" data-prerendered="landing">${markup}</div>`);
        await writeFile(path.join(outDir, LANDING_HTML), html);
      } finally {
        await rm(ssrDir, { recursive: true, force: true });
      }
    },
  };
}

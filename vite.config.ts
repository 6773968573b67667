import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { prerenderLanding } from './scripts/vite-prerender.ts';

const alias = {
  '@contracts': fileURLToPath(new URL('./contracts', import.meta.url)),
  '@web': fileURLToPath(new URL('./web', import.meta.url)),
};

/**
 * Writes .br and .gz next to every text asset at build time, once and at the highest levels, so the server
 * (@fastify/static preCompressed) sends phones compressed files without compressing on each request.
 */
function precompressAssets(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  return {
    name: 'gg-precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir!;
      const files = Object.keys(bundle).filter((name) => /\.(js|css|html|svg|json)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const source = await readFile(path.join(outDir, name));
          if (source.length < 1024) return;
          await writeFile(path.join(outDir, `${name}.br`), await brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          await writeFile(path.join(outDir, `${name}.gz`), await gzipAsync(source, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * The server inlines the entry's stylesheet in every page (server/spa/web.routes.ts, docs/decisions/025), so no <link>
 * names it and Vite's preload helper would fetch it again with the first lazy chunk that lists it (an overlay, a
 * view): such lists name the entry script in its place, which the page has already run (no request).
 */
function entryStylesheetIsInlined(): Plugin {
  return {
    name: 'gg-entry-stylesheet-is-inlined',
    apply: 'build',
    // After Vite has written the dependency lists, and before precompressAssets reads the files.
    writeBundle: {
      sequential: true,
      async handler(options, bundle) {
        const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
        const inlined = [...((entry as { viteMetadata?: { importedCss: Set<string> } } | undefined)?.viteMetadata?.importedCss ?? [])];
        if (inlined.length === 0) return;
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk') continue;
          const target = path.join(options.dir!, file.fileName);
          const code = await readFile(target, 'utf8');
          const rewritten = code.replace(/m\.f=\[([^\]]*)\]/, (_list, items: string) => {
            const deps = items.split(',').map((dep) => (inlined.includes(dep.slice(1, -1)) ? JSON.stringify(entry!.fileName) : dep));
            return `m.f=[${deps.join(',')}]`;
          });
          if (rewritten !== code) await writeFile(target, rewritten);
        }
      },
    },
  };
}

/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad`) on the chunks a player's first load runs: Chromium compiles
 * every function of such a script eagerly while it streams in, off the main thread, instead of one by one on the main
 * thread the first time each is called (the entry's React DOM and router, while the first page renders). The
 * console's and the charts' chunks, loaded on demand, are left to lazy compilation (docs/decisions/040).
 */
const COMPILED_ON_LOAD = new Set([
  'shared',
  'auth-client',
  'auth',
  'play',
  'leaderboard',
  'booth',
  'privacy',
  'reset-password',
  'not-found',
]);
function compileHints(): Plugin {
  return {
    name: 'gg-compile-hints',
    apply: 'build',
    // After Vite has put its preload helper at the top of the chunks: the comment must be the first line.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && (file.isEntry || COMPILED_ON_LOAD.has(file.name)))
            file.code = `//# allFunctionsCalledOnLoad\n${file.code}`;
        }
      },
    },
  };
}

// Dialogs and popovers load when opened (web/features/*/components/*-dialog, user-menu-popover): keep their libraries
// out of the shared chunk every page fetches, or /play would download them up front again.
const OVERLAYS =
  /node_modules[\\/](@radix-ui[\\/]react-(dialog|popover|popper|dismissable-layer|focus-scope|focus-guards|portal|presence|arrow|use-size|use-escape-keydown)|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|aria-hidden|get-nonce|detect-node-es|tslib)[\\/]|[\\/]web[\\/]ui[\\/](dialog|popover|confirm-dialog)\.tsx/;

// better-auth's client and what it brings: the pages that sign in load it, /play only on sign-out (docs/decisions/025).
// One chunk of its own, or it would sit in the shared chunk /play fetches before START CHALLENGE shows. With it the
// code panel, which calls it: /auth imports the panel, and /play loads it only for a player who started before
// confirming (docs/decisions/039); in the shared chunk it would bring the client to every /play.
const AUTH_CLIENT =
  /node_modules[\\/](better-auth|@better-auth|@better-fetch|better-call|nanostores|defu|@noble|jose|uncrypto|rou3)[\\/]|[\\/]web[\\/]lib[\\/]auth-client\.ts|[\\/]web[\\/]features[\\/]auth[\\/](components[\\/]verify-code-panel\.tsx|api[\\/]verify-email-code\.ts)/;

export default defineConfig({
  root: 'web',
  plugins: [
    react(),
    tailwindcss(),
    compileHints(),
    entryStylesheetIsInlined(),
    precompressAssets(),
    prerenderLanding({ alias, webRoot: fileURLToPath(new URL('./web', import.meta.url)) }),
  ],
  resolve: { alias },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // No inline scripts or module-preload polyfill: the CSP allows scripts from 'self' only.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // The server reads it to preload each page's route chunk from its HTML (server/spa/web-preload.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Few chunks per page, and none the landing page does not need (docs/decisions/020-landing-without-the-app-libraries.md):
        // the entry chunk holds what it imports statically (react, react-dom, react-router, the landing page and its
        // UI); everything else that two or more pages share goes into one `shared` chunk (TanStack Query, Radix,
        // shared features), except better-auth's client, which has its own (docs/decisions/025). On venue Wi-Fi every request pays the full latency and a
        // browser opens 6 connections per host, so 25 small shared chunks cost several round trips (017).
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 3 },
            { name: 'auth-client', test: AUTH_CLIENT, priority: 2, includeDependenciesRecursively: false },
            {
              name: 'shared',
              test: (id) => !OVERLAYS.test(id) && !AUTH_CLIENT.test(id),
              minShareCount: 2,
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
});

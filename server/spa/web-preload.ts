import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { paths } from '@contracts/paths';

/**
 * No request waterfall on first load: each page's HTML names, in its <head>, everything the page needs next, so
 * the browser fetches it all in parallel with the entry script instead of discovering it step by step:
 * the page's lazy route chunk and its imports (modulepreload, from Vite's manifest), the session check, and on /play
 * for a visitor with a session cookie the unfinished-attempt check, the profile and the next challenge's image URL. Each preload matches the app's own request
 * (same URL, mode and credentials), which then reuses the response.
 */

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const ROUTE_MODULES: Record<string, string> = {
  [paths.landing]: 'routes/landing.tsx',
  [paths.auth]: 'routes/auth.tsx',
  [paths.resetPassword]: 'routes/reset-password.tsx',
  [paths.play]: 'routes/play.tsx',
  [paths.privacy]: 'routes/privacy.tsx',
  [paths.leaderboard]: 'routes/leaderboard.tsx',
  [paths.booth]: 'routes/booth.tsx',
  [paths.admin]: 'routes/admin.tsx',
};
/** Pages whose guard asks for the session before showing anything (better-auth's client: credentials 'include'). */
const SESSION_PAGES = new Set<string>([paths.landing, paths.auth, paths.play, paths.admin]);
const SESSION_PRELOAD = '<link rel="preload" href="/api/auth/get-session" as="fetch" crossorigin="use-credentials">';
/**
 * The play screen's first questions: the unfinished attempt (the home view waits for it), then the display name
 * START CHALLENGE checks and the image START will show (so the phone downloads it before the tap, docs/decisions/023).
 * Only answers every visit reads at once: a preloaded answer nobody reads stays in the page and would be handed,
 * stale, to the first later request for it (e.g. the stats after a resumed game). api() uses 'same-origin'.
 */
const PLAY_PRELOADS = ['/api/game/current', '/api/profile', '/api/game/next'].map(
  (url) => `<link rel="preload" href="${url}" as="fetch" crossorigin>`,
);
/** The landing page's two optional blocks: "the event is closed" and the champion (read with api(), 'same-origin'). */
const LANDING_PRELOADS = ['/api/config', '/api/leaderboard/champion'].map(
  (url) => `<link rel="preload" href="${url}" as="fetch" crossorigin>`,
);

export const routeModuleFor = (pathname: string): string =>
  ROUTE_MODULES[pathname] ?? (pathname.startsWith(`${paths.admin}/`) ? ROUTE_MODULES[paths.admin] : 'routes/not-found.tsx');

const pageKey = (pathname: string) => (pathname.startsWith(`${paths.admin}/`) ? paths.admin : pathname);

export function readManifest(distDir: string): Manifest | null {
  const file = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  // When the entry module sits in a code-splitting group (vite.config.ts's `app` chunk, docs/decisions/020), Vite's
  // manifest marks no chunk as the entry: the chunks index.html loads as scripts are the entry then.
  if (!Object.values(manifest).some((chunk) => chunk.isEntry)) {
    const indexFile = path.join(distDir, 'index.html');
    const scripts = existsSync(indexFile)
      ? [...readFileSync(indexFile, 'utf8').matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g)].map((match) => match[1])
      : [];
    for (const chunk of Object.values(manifest)) if (scripts.includes(chunk.file)) chunk.isEntry = true;
  }
  return manifest;
}

function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/**
 * The <link> tags for one page: its route chunk and imports the entry does not already load, and the data it asks for
 * first. In the order the page needs them: a browser opens 6 connections per host and, among requests of the same
 * priority, sends them in document order; on /play the scripts, the session and the unfinished attempt fill the 6
 * (docs/decisions/025), and the profile and next image wait for the first free one.
 */
export function preloadTags(manifest: Manifest | null, pathname: string, options: { hasSessionCookie: boolean }): string {
  const tags: string[] = [];
  const key = pageKey(pathname);
  if (manifest) {
    const loadedByEntry = new Set<string>();
    for (const name of Object.keys(manifest)) if (manifest[name].isEntry) closure(manifest, name, loadedByEntry);
    for (const file of closure(manifest, routeModuleFor(pathname))) {
      if (!loadedByEntry.has(file)) tags.push(`<link rel="modulepreload" crossorigin href="/${file}">`);
    }
  }
  if (SESSION_PAGES.has(key)) tags.push(SESSION_PRELOAD);
  if (key === paths.play && options.hasSessionCookie) tags.push(...PLAY_PRELOADS);
  if (key === paths.landing) tags.push(...LANDING_PRELOADS);
  return tags.join('');
}

/**
 * Puts the tags right after the entry's scripts in <head>: the browser asks for them next, ahead of the inlined
 * stylesheet (tens of kB of HTML) rather than after it. At the end of <head> in a page without scripts there.
 */
export function withPreloads(html: string, tags: string): string {
  if (!tags) return html;
  const head = html.indexOf('</head>');
  if (head < 0) return html;
  const lastScript = html.lastIndexOf('</script>', head);
  const at = lastScript >= 0 ? lastScript + '</script>'.length : head;
  return `${html.slice(0, at)}${tags}${html.slice(at)}`;
}

/** better-auth's session cookie (plain or __Secure- prefixed): only then is the attempt check worth starting early. */
export const hasSessionCookie = (cookie: string | undefined) =>
  Boolean(cookie && /(^|;\s*)(__Secure-)?better-auth\.session_token=/.test(cookie));

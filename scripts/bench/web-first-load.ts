// Web first load (small on conference Wi-Fi: docs/decisions/017-first-load-on-bad-wifi.md): builds the web app for production into a
// temporary folder (never dist/web, which a running server may be serving) and reports, per page, the bytes a
// fresh visit downloads before the page can render: index.html's entry chunk + its static imports + CSS, plus the
// page's lazy route chunk and its static imports. Raw and gzip (level 9) sizes. "then" is what the shell fetches
// once the page is on screen (lazy non-route imports of the entry, e.g. the toast container), minus what the page
// already loaded.
//   npm run bench:web [-- --out /tmp/gg-size]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';

const { values } = parseArgs({ options: { out: { type: 'string', default: '/tmp/gg-size' } } });
const outDir = path.resolve(values.out);
if (`${outDir}${path.sep}`.includes(`${path.sep}dist${path.sep}web${path.sep}`))
  throw new Error('Build into a temporary folder, not dist/web');

process.env.NODE_ENV = 'production';
await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true } });
const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;

/** Every file a chunk needs before it runs: itself, its static imports (transitively) and their CSS. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key]!;
  if (seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

const sizeOf = (files: Iterable<string>) => {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const bytes = readFileSync(path.join(outDir, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    // As served: the build writes a brotli 11 copy of every file over 1 kB (vite.config.ts).
    brotli += bytes.length < 1024 ? bytes.length : brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { raw, gzip, brotli };
};
const kB = (n: number) => (n / 1000).toFixed(1);

// The entry: the chunk Vite marks, or (when the entry module sits in vite.config.ts's `app` group, which Vite's
// manifest does not mark) the chunks index.html loads as scripts.
const shellScripts = [...readFileSync(path.join(outDir, 'index.html'), 'utf8').matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g)].map((m) => m[1]);
const entryKeys = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
if (entryKeys.length === 0) entryKeys.push(...Object.keys(manifest).filter((key) => shellScripts.includes(manifest[key]!.file)));
const entryKey = entryKeys.find((key) => manifest[key]!.dynamicImports?.length) ?? entryKeys[0]!;
const entry = new Set<string>();
for (const key of entryKeys) closure(key, entry);
const entryChunk = sizeOf(entryKeys.map((key) => manifest[key]!.file));
console.log(
  `entry chunk(s) ${entryKeys.map((key) => manifest[key]!.file).join(', ')}: ${kB(entryChunk.raw)} kB (${kB(entryChunk.gzip)} kB gzip)`,
);
console.log(`entry + static imports + CSS: ${kB(sizeOf(entry).raw)} kB (${kB(sizeOf(entry).gzip)} kB gzip)`);
console.log(`files loaded on every page: ${[...entry].join(', ')}`);

const deferredKeys = (manifest[entryKey]!.dynamicImports ?? []).filter((key) => !key.startsWith('routes/'));
const pages = ['landing', 'auth', 'play', 'privacy', 'leaderboard', 'booth', 'reset-password', 'not-found', 'admin'];
console.log('\n| page | first load (JS + CSS) | gzip | brotli | then (gzip) | route-only files |');
console.log('|---|---|---|---|---|---|');
for (const page of pages) {
  // A page in the entry chunk (the landing page) has no route chunk of its own.
  const files = manifest[`routes/${page}.tsx`] ? closure(`routes/${page}.tsx`, new Set(entry)) : new Set(entry);
  const total = sizeOf(files);
  const own = [...files].filter((file) => !entry.has(file));
  const later = new Set<string>();
  for (const key of deferredKeys) for (const file of closure(key)) if (!files.has(file)) later.add(file);
  console.log(
    `| ${page} | ${kB(total.raw)} kB | ${kB(total.gzip)} kB | ${kB(total.brotli)} kB | ${kB(sizeOf(later).gzip)} kB | ${own.map((f) => path.basename(f)).join(', ')} |`,
  );
}

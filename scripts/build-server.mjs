// Bundles the server (server/main.ts and everything it imports from server/ and contracts/) into one ES module,
// dist/server/main.mjs, that plain `node` runs: `npm start` runs it instead of loading TypeScript through tsx at
// run time (less resident memory for the whole event: docs/benchmarks-history.md → "Server memory and overload").
// The organizer commands (`npm run admin:create`, `challenges:import`, `storage:migrate`) are bundled the same way,
// one module each beside it (dist/server/admin-create.mjs, ...), and run by scripts/cli.mjs: a call costs well under
// what it costs through tsx (whose loader thread resolves and loads every module of the graph on each start).
// npm packages stay outside the bundles (node_modules as installed).
//
// Files the server reaches by a path relative to its own module (the scoring and PGlite workers, the migrations,
// the synonym list, dist/web) stay where they are: every `import.meta.url` / `import.meta.dirname` in our sources
// is rewritten to name the source file's own place, relative to the bundle, so the bundle can move with the repo.
//
//   node scripts/build-server.mjs [--outfile dist/server/main.mjs]   (also exported: buildServer, serverBuildIsStale)
import { build } from 'esbuild';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
export const defaultServerBundle = path.join(root, 'dist/server/main.mjs');
const sources = ['server', 'contracts', 'package-lock.json', 'scripts/build-server.mjs'].map((p) => path.join(root, p));
/** A command's own sources live in scripts/ (the command, scripts/cli-database.ts, scripts/paths.ts). */
const commandSources = [...sources, path.join(root, 'scripts')];

/** The organizer commands scripts/cli.mjs runs: name → entry point. */
export const cliCommands = {
  'admin-create': 'scripts/admin-create.ts',
  'challenges-import': 'scripts/challenges-import.ts',
  'storage-migrate': 'scripts/storage-migrate.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
};

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when the bundle is missing or older than any of its sources (by default the server's and contracts'). */
export function serverBuildIsStale(outfile = defaultServerBundle, from = sources) {
  return !existsSync(outfile) || statSync(outfile).mtimeMs < Math.max(...from.map(newestMtime));
}

/** esbuild plugin: `import.meta.url` and `import.meta.dirname` of each of our modules keep meaning that module's file. */
function keepModuleLocations(outdir) {
  return {
    name: 'keep-module-locations',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /\.(ts|tsx|mts)$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const contents = readFileSync(args.path, 'utf8');
        if (!contents.includes('import.meta.')) return undefined;
        const other = [...contents.matchAll(/import\.meta\.(\w+)/g)]
          .map((match) => match[1])
          .find((name) => name !== 'url' && name !== 'dirname');
        if (other) throw new Error(`${args.path}: import.meta.${other} would name the bundle, not this module: use import.meta.url`);
        const fromBundle = path.relative(outdir, args.path).split(path.sep).join('/');
        const dirFromBundle = path.relative(outdir, path.dirname(args.path)).split(path.sep).join('/');
        const rewritten = contents
          .replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`)
          .replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify(`/${dirFromBundle}`)})`);
        return { contents: rewritten, loader: path.extname(args.path).slice(1) };
      });
    },
  };
}

/**
 * Builds the bundle. Written to a temporary name and renamed, so a process starting the server at the same moment
 * (parallel test workers, a second build) never reads half a file.
 */
export async function buildServer(outfile = defaultServerBundle, options = { sourcemap: true }) {
  return buildBundle('server/main.ts', outfile, options);
}

async function buildBundle(entry, outfile, options) {
  const outdir = path.dirname(outfile);
  mkdirSync(outdir, { recursive: true });
  const temporary = path.join(outdir, `.${path.basename(outfile, '.mjs')}.${process.pid}.${Date.now()}.mjs`);
  await build({
    entryPoints: [path.join(root, entry)],
    outfile: temporary,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // The map's name is the final one: stack traces point into server/ when node runs with --enable-source-maps.
    sourcemap: options.sourcemap ? 'external' : false,
    footer: options.sourcemap ? { js: `//# sourceMappingURL=${path.basename(outfile)}.map` } : undefined,
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: 'warning',
    plugins: [keepModuleLocations(outdir)],
  });
  if (options.sourcemap) renameSync(`${temporary}.map`, `${outfile}.map`);
  renameSync(temporary, outfile);
  return outfile;
}

/**
 * glibc's malloc settings the server runs with (`npm start`, the benchmarks), unless the environment sets its own.
 * - MALLOC_ARENA_MAX=2: every thread that allocates (sharp's, onnxruntime's, the workers') would get its own arena
 *   and keep its freed memory.
 * - MALLOC_MMAP_THRESHOLD_=128 KiB (glibc's initial value, now fixed): the threshold above which a block gets its own
 *   mapping, given back to the system when freed, otherwise rises to the size of any such block freed, up to 32 MB;
 *   after an image import or a few password hashes, blocks of several MB come from the heap and stay resident. Fixed,
 *   a PostgreSQL server that imported 334 images idles at ~300 MB instead of ~490 MB. It needs onnxruntime's arena
 *   on (minilm.worker.mjs): without it every activation was mapped afresh and the scorer's throughput halved
 *   (docs/benchmarks-history.md → "Server memory and overload", decision 026).
 */
export function serverMallocEnv(env = process.env) {
  return { MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2', MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? '131072' };
}

/** The bundle `npm start` and the benchmarks run, rebuilt first when a source is newer. */
export async function ensureServerBuild(outfile = defaultServerBundle) {
  if (serverBuildIsStale(outfile)) await buildServer(outfile);
  return outfile;
}

/** The bundle of organizer command `name` (a key of cliCommands), beside the server's, rebuilt first when a source is newer. */
export async function ensureCliBuild(name) {
  const outfile = path.join(path.dirname(defaultServerBundle), `${name}.mjs`);
  if (serverBuildIsStale(outfile, commandSources)) await buildBundle(cliCommands[name], outfile, { sourcemap: true });
  return outfile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { outfile: { type: 'string' } } });
  const outfile = await buildServer(values.outfile ? path.resolve(values.outfile) : defaultServerBundle);
  console.log(`built ${path.relative(root, outfile)}`);
}

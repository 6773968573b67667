// Plain JS so the database worker (pglite.worker.mjs), its only importer, opens PGlite the same way under node, tsx and
// vitest.
/**
 * docs/decisions/010: PGlite never fsyncs. It starts PostgreSQL with `-F` (fsync off), and its Emscripten file system
 * for a real directory (NODEFS) has no fsync at all, while fdatasync is a no-op. A booth laptop losing power could
 * lose acknowledged games or corrupt the data directory.
 *
 * The durable embedded database: start PostgreSQL without `-F` and with wal_sync_method=fsync (so every WAL flush
 * at commit calls fsync, the one call that reaches the file system), and give NODEFS an fsync that really calls
 * fsync(2) on the host file. Measured cost per guess: BENCHMARKS.md (bench:pglite-durability).
 */
import { PGlite } from '@electric-sql/pglite';
import { existsSync, fsyncSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * PostgreSQL's buffer cache inside PGlite's WebAssembly memory. Its default (128 MB) is touched when the database
 * opens and never given back: 32 MB opens at ~180 MB of RSS instead of ~280 MB, and an event's database (thousands
 * of players, a few hundred challenges) is a few tens of MB, with the host's page cache behind it (BENCHMARKS.md).
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/** PGlite's own defaults (0.5.x) less `-F`, with a smaller buffer cache. */
const START_PARAMS = [
  '--single',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
  '-c',
  `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
];

/** What the server runs on a data directory: fsync for the WAL at every commit. */
export const DURABLE_START_PARAMS = [...START_PARAMS, '-c', 'fsync=on', '-c', 'wal_sync_method=fsync', '-c', 'synchronous_commit=on'];

/** As PGlite starts by default (`-F`: fsync off), with the same buffer cache; only the durability benchmark uses it. */
const NON_DURABLE_START_PARAMS = [...START_PARAMS, '-F'];

/** fsync(2) calls made for PGlite files by this thread (the database worker's; read through pgliteFsyncStats()). */
export const pgliteFsyncStats = { calls: 0, paths: new Set() };

/**
 * Adds a real fsync to the NODEFS stream operations that every file of the data directory shares.
 * @param {PGlite} client
 */
export function installNodeFsFsync(client) {
  // Emscripten's FS: every open stream of a NODEFS file has `nfd` (the host descriptor) and shares `stream_ops`.
  const fs = /** @type {any} */ (client).Module.FS;
  const nodeStream = fs.streams.find((stream) => stream?.nfd !== undefined && stream.stream_ops);
  if (!nodeStream) throw new Error('PGlite: no file of the data directory is open; cannot make it durable');
  const ops = nodeStream.stream_ops;
  if (ops.fsync) return;
  ops.fsync = (stream) => {
    fsyncSync(stream.nfd);
    pgliteFsyncStats.calls++;
    if (stream.path) pgliteFsyncStats.paths.add(stream.path);
    return 0;
  };
}

/**
 * Creating a data directory (initdb) grows PGlite's WebAssembly memory by hundreds of MB, and a process never gives
 * that back: a server started on a new directory used to sit far above one restarted on it, for the whole event
 * (docs/benchmarks-history.md → "Server memory and overload"). So a new directory is made in a worker thread, whose memory goes when it exits, and the server opens the
 * finished directory as it would after a restart.
 */
async function initializeInWorker(dataDir) {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const worker = new Worker(new URL('./pglite-initdb.worker.mjs', import.meta.url), { workerData: { dataDir } });
  await new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`PGlite initdb worker exited with code ${code}`))));
  });
}

/**
 * Opens PGlite on a directory so that a committed transaction is on disk when the commit returns.
 * @param {string} dataDir
 * @param {{ durable?: boolean }} [options]
 * @returns {Promise<PGlite>}
 */
export async function createDurablePglite(dataDir, options = {}) {
  await initializeInWorker(dataDir);
  if (options.durable === false) return PGlite.create({ dataDir, startParams: NON_DURABLE_START_PARAMS });
  const client = await PGlite.create({ dataDir, startParams: DURABLE_START_PARAMS });
  installNodeFsFsync(client);
  // Make what PGlite wrote while starting durable too (the first checkpoint fsyncs every file it touches later).
  await client.exec('checkpoint');
  return client;
}

// Creates a new PGlite data directory (initdb) in a worker thread that then exits. Plain JS so it runs the same under
// tsx, vitest and node. Run from pglite-durability.mjs: see initializeInWorker there for why.
import { PGlite } from '@electric-sql/pglite';
import { workerData } from 'node:worker_threads';

const client = await PGlite.create({ dataDir: workerData.dataDir });
await client.close();

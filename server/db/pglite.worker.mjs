// The embedded database in its own thread (docs/decisions/041): this worker owns PGlite (PostgreSQL compiled to
// WebAssembly), so a statement no longer blocks the server's event loop. The main thread talks to it through
// pglite-thread.ts, one message per call. Plain JS so it runs the same under node, tsx and vitest.
//
// Messages in:  { id, op: 'query', sql, params, rowMode, tx? } | { id, op: 'exec', sql, tx? } | { id, op: 'begin' }
//               | { id, op: 'end', tx, commit } | { id, op: 'listen', channel } | { id, op: 'fsync-stats' } | { id, op: 'close' }
// Messages out: { id, result } | { id, error: { message, ...PostgreSQL's fields } } | { channel, payload } (a NOTIFY)
import { types } from '@electric-sql/pglite';
import { parentPort, workerData } from 'node:worker_threads';
import { createDurablePglite, pgliteFsyncStats } from './pglite-durability.mjs';

/**
 * Drizzle's pglite driver asks for timestamps, dates, intervals and their arrays as PostgreSQL's text (identity
 * parsers). Functions cannot cross threads, so the worker applies the same parsers to every query it runs.
 */
const identity = (value) => value;
const parsers = {
  [types.TIMESTAMP]: identity,
  [types.TIMESTAMPTZ]: identity,
  [types.INTERVAL]: identity,
  [types.DATE]: identity,
  1231: identity, // numeric[]
  1115: identity, // timestamp[]
  1185: identity, // timestamptz[]
  1187: identity, // interval[]
  1182: identity, // date[]
};

const client = await createDurablePglite(workerData.dataDir, { durable: workerData.durable });
const port = parentPort;

/** Open transactions by id: statements that carry the id run inside PGlite's own transaction(). */
const transactions = new Map();
let nextTransaction = 1;
const listening = new Set();

/** A thrown value that only asks PGlite's transaction() to roll back (the caller already has its own error). */
const rollback = Symbol('rollback');

/** An Error's message and PostgreSQL's fields (code, detail, constraint…): structured clone keeps only the message. */
function serializeError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

/** PGlite's result without what cannot cross a thread (its `blob` is only for COPY TO, never used here). */
const plain = (result) => ({ rows: result.rows, fields: result.fields, affectedRows: result.affectedRows });

function target(tx) {
  if (tx === undefined) return client;
  const open = transactions.get(tx);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

function begin() {
  return new Promise((started, failed) => {
    const id = nextTransaction++;
    let finish;
    const finished = new Promise((resolve) => (finish = resolve));
    const done = client
      .transaction(async (tx) => {
        transactions.set(id, { tx, finish, done });
        started(id);
        if (!(await finished)) throw rollback;
      })
      .finally(() => transactions.delete(id));
    // A BEGIN that failed never reached the callback.
    done.catch((error) => failed(error));
  });
}

async function end(tx, commit) {
  const open = transactions.get(tx);
  if (!open) throw new Error('Transaction is closed');
  open.finish(commit);
  try {
    await open.done;
  } catch (error) {
    if (error !== rollback) throw error;
  }
}

async function run(message) {
  switch (message.op) {
    case 'query':
      return plain(await target(message.tx).query(message.sql, message.params, { rowMode: message.rowMode, parsers }));
    case 'exec':
      return (await target(message.tx).exec(message.sql, { parsers })).map(plain);
    case 'begin':
      return begin();
    case 'end':
      return end(message.tx, message.commit);
    case 'listen':
      if (!listening.has(message.channel)) {
        listening.add(message.channel);
        await client.listen(message.channel, (payload) => port.postMessage({ channel: message.channel, payload }));
      }
      return undefined;
    case 'fsync-stats':
      return { calls: pgliteFsyncStats.calls, paths: [...pgliteFsyncStats.paths] };
    case 'close':
      await client.close();
      return undefined;
    default:
      throw new Error(`unknown database operation ${message.op}`);
  }
}

port.on('message', (message) => {
  run(message).then(
    (result) => port.postMessage({ id: message.id, result }),
    (error) => port.postMessage({ id: message.id, error: serializeError(error) }),
  );
});
port.postMessage({ ready: true });

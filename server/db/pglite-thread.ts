/**
 * The embedded database off the event loop (docs/decisions/041): PGlite runs in a worker thread (pglite.worker.mjs)
 * and the main thread holds this PGlite-shaped client, with only what drizzle's pglite driver and the app call:
 * `query`, `exec`, `transaction`, `listen`, `close`. Each call is one message; the answer comes back with the rows, or
 * with PostgreSQL's error fields (code, detail, constraint), which races.ts and the unique-violation checks read.
 *
 * A transaction is pinned: `transaction(fn)` opens PGlite's own transaction in the worker and the statements `fn` runs
 * carry its id; other statements wait in PGlite's mutex until it ends, as they do in one thread.
 */
import type { PGlite } from '@electric-sql/pglite';
import { Worker } from 'node:worker_threads';

interface Answer {
  id?: number;
  result?: unknown;
  error?: { message: string } & Record<string, unknown>;
  channel?: string;
  payload?: string;
  ready?: boolean;
}

type QueryOptions = { rowMode?: 'array' | 'object' };
type Results = { rows: unknown[]; fields: unknown[]; affectedRows?: number };

/** The statements of one side (the whole database, or one open transaction). */
interface Statements {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
  exec(sql: string): Promise<Results[]>;
}

export interface PgliteThread extends Statements {
  transaction<T>(fn: (tx: Statements) => Promise<T>): Promise<T>;
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /** fsync(2) calls the worker made for the data directory's files (the durability test and benchmark read them). */
  fsyncStats(): Promise<{ calls: number; paths: string[] }>;
  close(): Promise<void>;
  /** Drizzle's pglite driver takes a PGlite; it calls only what this client has. */
  asPglite(): PGlite;
}

/** Rebuilds a database error so that `code`, `constraint`… read as they do from PGlite in this thread. */
function rebuildError(fields: { message: string } & Record<string, unknown>): Error {
  const { message, name, ...rest } = fields;
  const error = Object.assign(new Error(message), rest);
  if (typeof name === 'string') error.name = name;
  return error;
}

/** Starts the worker on `dataDir` (the caller holds the data directory's lock) and resolves once PGlite is open. */
export async function startPgliteThread(dataDir: string, options: { durable?: boolean } = {}): Promise<PgliteThread> {
  const worker = new Worker(new URL('./pglite.worker.mjs', import.meta.url), {
    workerData: { dataDir, durable: options.durable },
    // The worker's garbage is short-lived (a statement's rows on their way out): a small young generation keeps its
    // heap from growing to V8's default under load (BENCHMARKS.md, "PGlite in its own worker thread").
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let failure: Error | undefined;
  let opened = false;
  let closing = false;

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (answer: Answer) => {
      if (answer.ready) return resolve();
      if (answer.channel !== undefined) {
        handlers.get(answer.channel)?.forEach((handler) => handler(answer.payload ?? ''));
        return;
      }
      const call = pending.get(answer.id!);
      if (!call) return;
      if (answer.error) call.reject(rebuildError(answer.error));
      else call.resolve(answer.result);
    });
    // The worker failed (PGlite could not open, or crashed): every call in flight and every later call fails. Once
    // open, that is the server's database gone: the process fails as it would with PGlite in this thread, so that
    // whatever supervises it starts it again.
    const fail = (error: Error) => {
      if (failure) return;
      failure = error;
      reject(error);
      for (const call of [...pending.values()]) call.reject(error);
      if (opened && !closing)
        setImmediate(() => {
          throw error;
        });
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the database worker exited (code ${code})`)));
  });
  const settle = (id: number) => {
    pending.delete(id);
    if (pending.size === 0) worker.unref();
  };

  const call = <T>(message: Record<string, unknown>): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, {
        resolve: (value) => {
          settle(id);
          resolve(value as T);
        },
        reject: (error) => {
          settle(id);
          reject(error);
        },
      });
      try {
        worker.postMessage({ ...message, id });
      } catch (error) {
        // A parameter that cannot cross a thread (DataCloneError): this statement fails, nothing was sent.
        pending.get(id)?.reject(error as Error);
      }
    });
  };

  const statements = (tx?: number): Statements => ({
    query: (sql, params = [], options = {}) => call({ op: 'query', sql, params, rowMode: options.rowMode, tx }),
    exec: (sql) => call({ op: 'exec', sql, tx }),
  });

  await ready;
  opened = true;
  // An idle worker does not keep the process alive (a CLI ends when its work is done); one with a call in flight does.
  worker.unref();
  const client: PgliteThread = {
    ...statements(),
    async transaction(fn) {
      const tx = await call<number>({ op: 'begin' });
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await fn(statements(tx));
      } catch (error) {
        await call({ op: 'end', tx, commit: false });
        throw error;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async listen(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await call({ op: 'listen', channel });
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
      };
    },
    fsyncStats: () => call({ op: 'fsync-stats' }),
    async close() {
      if (failure || closing) return;
      closing = true;
      await call({ op: 'close' });
      await worker.terminate();
    },
    asPglite: () => client as unknown as PGlite,
  };
  return client;
}

import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startPgliteThread } from './pglite-thread';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The drizzle handle plus what the two drivers do differently (LISTEN/NOTIFY, closing). */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The postgres:// URL (PostgreSQL only). */
  url?: string;
  /** Runs `handler` for every NOTIFY on `channel`, from any app instance sharing this database. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PostgreSQL's connection pool as it is now (GET /metrics); absent on PGlite, which has one in-process connection. */
  poolStats?(): { size: number; max: number; idle: number; waiting: number };
  /** fsync(2) calls made for the data directory so far (PGlite on a directory; the durability test and benchmark). */
  pgliteFsyncStats?(): Promise<{ calls: number; paths: string[] }>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** How many migrations this build ships (the journal drizzle-kit writes beside them). */
export function shippedMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent, embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; absent means in memory (tests). */
  pgliteDir?: string;
  /** A PGlite data dump to start from (tests start from a migrated template). */
  pgliteLoadDataDir?: Blob;
  poolSize?: number;
  /** PGlite on a directory fsyncs at every commit (default true; the benchmark compares with false). */
  pgliteDurable?: boolean;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openPglite(options);
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  if (options.pgliteDir && !options.pgliteLoadDataDir) {
    // On a real directory (the server, the CLIs): in its own thread, off the event loop (pglite-thread.ts), and durable
    // (fsync at commit, pglite-durability.mjs).
    const thread = await startPgliteThread(options.pgliteDir, { durable: options.pgliteDurable });
    return {
      ...pgliteDatabase(thread.asPglite(), () => thread.close()),
      pgliteFsyncStats: () => thread.fsyncStats(),
    };
  }
  // In memory (tests): in this thread, with nothing to sync.
  return pgliteDatabase(await PGlite.create({ dataDir: options.pgliteDir, loadDataDir: options.pgliteLoadDataDir }));
}

/** The app's Database over an open PGlite client; `close` ends it (the tests' pool of databases hands it back instead). */
export function pgliteDatabase(client: PGlite, close: () => Promise<void> = () => client.close()): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async listen(channel, handler) {
      const unlisten = await client.listen(channel, handler);
      return async () => unlisten();
    },
    close,
  };
}

async function openPostgres(databaseUrl: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // An idle connection can fail (server restart, or a test database dropped while the pool is closing);
  // without a listener pg re-throws the error and the whole process dies.
  let closing = false;
  const onConnectionError = (error: Error) => {
    if (!closing) console.warn(`database connection failed: ${error.message}`);
  };
  pool.on('error', onConnectionError);
  const db = drizzlePostgres(pool, { schema }) as unknown as Db;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  // LISTEN needs one connection held for as long as we listen: opened on first use, reopened whenever it drops.
  let listener: Promise<pg.Client | undefined> | undefined;
  let liveListener: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;

  const openListener = async (): Promise<pg.Client | undefined> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('error', onConnectionError);
    client.on('notification', (message) => handlers.get(message.channel)?.forEach((fn) => fn(message.payload ?? '')));
    try {
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (closing) {
      await client.end().catch(() => undefined);
      return undefined;
    }
    // A dropped connection (server restart, failover, pg_terminate_backend) would silently stop every NOTIFY.
    client.once('end', () => {
      liveListener = undefined;
      if (!closing) listener = reconnectListener();
    });
    liveListener = client;
    return client;
  };

  /** Reopens the listener with capped backoff, then hands every handler '' (a resync: NOTIFYs may have been missed). */
  const reconnectListener = async (): Promise<pg.Client | undefined> => {
    for (let delayMs = 100; !closing; delayMs = Math.min(delayMs * 2, 5000)) {
      await new Promise((resolve) => (retryTimer = setTimeout(resolve, delayMs)));
      try {
        const client = await openListener();
        if (client) handlers.forEach((set) => set.forEach((fn) => fn('')));
        return client;
      } catch (error) {
        onConnectionError(error as Error);
      }
    }
    return undefined;
  };

  return {
    db,
    kind: 'postgres',
    url: databaseUrl,
    async listen(channel, handler) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      listener ??= openListener().catch((error) => {
        listener = undefined;
        throw error;
      });
      const client = await listener;
      if (!client) throw new Error('database closed');
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`LISTEN ${channel}`);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
      };
    },
    poolStats: () => ({ size: pool.totalCount, max: poolSize, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      closing = true;
      clearTimeout(retryTimer);
      await liveListener?.end();
      await pool.end();
    },
  };
}

/** Applies the committed migrations; on PostgreSQL under an advisory lock so instances starting together don't race. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  // One dedicated connection holds a session-level advisory lock while it migrates.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(4242001)');
    await migratePostgres(drizzlePostgres(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(4242001)').catch(() => undefined);
    await client.end();
  }
}

/** The rows of a raw `db.execute` result: both drivers return `{ rows }`, which drizzle's shared type does not say. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Sends a NOTIFY to every instance listening on `channel` (payload must stay under 8000 bytes). */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/**
 * The app's database as configured, migrated and ready: PostgreSQL at `databaseUrl`, else PGlite under
 * `dataDir/pglite`. The server and every CLI open it this one way.
 */
export async function openConfiguredDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  mkdirSync(options.dataDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    pgliteDir: options.databaseUrl ? undefined : path.join(options.dataDir, 'pglite'),
  });
  await migrateDatabase(database);
  return database;
}

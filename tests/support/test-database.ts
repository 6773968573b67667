import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, pgliteDatabase, type Database } from '../../server/db/client';

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let pgliteTemplate: Promise<Buffer> | undefined;

/** The migrated PGlite that tests/support/pglite-global-setup.ts dumped once for the run, read once per worker. */
async function pgliteTemplateDump(): Promise<Blob> {
  pgliteTemplate ??= readFile(inject('pgliteTemplate'));
  return new Blob([new Uint8Array(await pgliteTemplate)]);
}

export function postgresUrlFor(databaseName: string): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

/**
 * A fresh, migrated database for one test file: PGlite in memory, or (TEST_DB=postgres) a throw-away
 * PostgreSQL database cloned from the template that the global setup migrated.
 */
export async function createTestDatabase(): Promise<Database & { name?: string }> {
  if (process.env.TEST_DB !== 'postgres') return pooledPglite();
  const { template, prefix } = inject('postgresRun');
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: postgresUrlFor(name), poolSize: 20 });
  return {
    ...database,
    name,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * PGlite databases for test files, kept per worker: loading the migrated template costs most of a CPU-second a database
 * (a data directory of tens of MB and a PostgreSQL start-up in WebAssembly), emptying a used one a few milliseconds. A closed
 * test database is emptied (every table truncated, identities restarted, session settings and advisory locks
 * reset) and kept for the next test, unless its schema no longer matches the template's (a test that altered it) or a
 * transaction is still open: then it is closed for good. Each hand-out is a lease: after close(), a late query from
 * the old test (a job its app left behind) fails instead of touching the next test's data.
 */
const idle: PGlite[] = [];
const MAX_IDLE = 4;
let template: { schema: string; tables: string } | undefined;

// What a test could change in the schema: relations and their columns, constraints, triggers, functions and the
// applied migrations (a test of the readiness check deletes one).
const SCHEMA_PRINT = `
  select md5(coalesce(string_agg(item, ',' order by item), '')) as print from (
    select c.relname || ':' || c.relkind::text || ':' || coalesce(string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
      || ' ' || a.attnotnull::text, ';' order by a.attnum), '') as item
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') group by c.relname, c.relkind
    union all select 'constraint:' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
      where connamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
    union all select 'trigger:' || tgname || ' ' || tgenabled::text from pg_trigger where not tgisinternal
    union all select 'function:' || p.proname || ' ' || md5(p.prosrc) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname not in ('pg_catalog', 'information_schema')
    union all select 'migration:' || id || ' ' || hash from drizzle.__drizzle_migrations
  ) items`;
const APP_TABLES = `select string_agg(format('%I.%I', schemaname, tablename), ', ') as tables from pg_tables
  where schemaname not in ('pg_catalog', 'information_schema', 'drizzle')`;

async function schemaOf(client: PGlite): Promise<string> {
  return (await client.query<{ print: string }>(SCHEMA_PRINT)).rows[0].print;
}

async function pooledPglite(): Promise<Database> {
  const client = idle.pop() ?? (await PGlite.create({ loadDataDir: await pgliteTemplateDump() }));
  template ??= { schema: await schemaOf(client), tables: (await client.query<{ tables: string }>(APP_TABLES)).rows[0].tables };
  let leased = true;
  const unlistens = new Set<() => Promise<void>>();
  const lease = new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (!leased) throw new Error(`this test database was closed (PGlite.${String(property)} after close)`);
        return value.apply(target, args);
      };
    },
  });
  const database = pgliteDatabase(lease, async () => {
    if (!leased) return;
    for (const unlisten of [...unlistens]) await unlisten();
    leased = false;
    await giveBack(client);
  });
  return {
    ...database,
    async listen(channel, handler) {
      const unlisten = await database.listen(channel, handler);
      const once = async () => {
        if (!unlistens.delete(once)) return;
        await unlisten();
      };
      unlistens.add(once);
      return once;
    },
  };
}

async function giveBack(client: PGlite) {
  try {
    if (!template || idle.length >= MAX_IDLE || client.isInTransaction() || (await schemaOf(client)) !== template.schema) {
      await client.close();
      return;
    }
    await client.exec(`truncate ${template.tables} restart identity cascade; reset all; select pg_advisory_unlock_all();`);
    idle.push(client);
  } catch {
    await client.close().catch(() => undefined);
  }
}

import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from '../../server/db/client';

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let pgliteTemplate: Promise<Blob> | undefined;

/** A migrated PGlite, dumped once per worker; every test database starts from a copy of it. */
async function pgliteTemplateDump(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const database = await openDatabase({});
    await migrateDatabase(database);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    await database.close();
    return dump;
  })();
  return pgliteTemplate;
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
  if (process.env.TEST_DB !== 'postgres') {
    return openDatabase({ pgliteLoadDataDir: await pgliteTemplateDump() });
  }
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

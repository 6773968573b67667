import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../../server/db/client';
import { POSTGRES_ADMIN_URL, postgresUrlFor } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresRun: { template: string; prefix: string };
  }
}

/**
 * Migrates one template database per run; each test file clones it. Names carry a run id so two runs
 * on one server never touch each other's databases. (scripts/test.sh skips this project, loudly, when
 * no PostgreSQL server answers.)
 */
export default async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  const prefix = `gg_test_${runId}_`;
  const template = `${prefix}template`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5000 });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const database = await openDatabase({ databaseUrl: postgresUrlFor(template), poolSize: 1 });
  await migrateDatabase(database);
  await database.close();
  project.provide('postgresRun', { template, prefix });
  return async () => {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix]);
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
  };
}

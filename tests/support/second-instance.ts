import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/client';
import type { TestApp } from './test-app';

/**
 * A second app instance on the test app's database, as behind a load balancer: on PostgreSQL with its own
 * connections; on PGlite (one in-process database) the same handle, still a separate app with its own memory.
 */
export async function createSecondInstance(
  t: TestApp,
  deps: Partial<AppDeps> = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database: Database = t.database.url ? await openDatabase({ databaseUrl: t.database.url, poolSize: 5 }) : t.database;
  const app = await buildApp({
    env: t.env,
    database,
    authSecret: 'test-secret-test-secret-test-secret-0123',
    logger: false,
    scorer: t.scorer,
    storage: t.storage,
    passwordHasher: t.passwordHasher,
    ...deps,
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      if (database !== t.database) await database.close();
    },
  };
}

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { resolveAuthSecret } from './auth/auth-secret';
import { migrateDatabase, openDatabase } from './db/client';
import { EnvError, loadEnv } from './env';

async function main() {
  const env = loadEnv();
  mkdirSync(env.dataDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: env.DATABASE_URL ? undefined : path.join(env.dataDir, 'pglite'),
  });
  await migrateDatabase(database);

  const app = await buildApp({ env, database, authSecret: resolveAuthSecret(env.BETTER_AUTH_SECRET, env.dataDir) });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`Guess the Genesis is running at ${env.publicUrl} (database: ${database.kind})`);
}

main().catch((error) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});

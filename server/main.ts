import path from 'node:path';
import { buildApp } from './app';
import { resolveAuthSecret } from './auth/auth-secret';
import { openConfiguredDatabase } from './db/client';
import { EnvError, loadEnv } from './env';
import { countChallenges, importChallengePack } from './game/challenge-import.service';
import { scoringConfigFrom } from './scoring/scoring.config';
import { createScorer } from './scoring/scorer';
import { createLocalImageStorage } from './storage/image-storage';

async function main() {
  const env = loadEnv();
  const database = await openConfiguredDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });

  // The scoring model loads once per process, before the first player can guess.
  const scoringStarted = performance.now();
  const scorer = await createScorer(scoringConfigFrom(env));
  const scorerLoadMs = Math.round(performance.now() - scoringStarted);
  const storage = createLocalImageStorage(path.join(env.dataDir, 'images'));

  const app = await buildApp({
    env,
    database,
    authSecret: resolveAuthSecret(env.BETTER_AUTH_SECRET, env.dataDir),
    scorer,
    storage,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
  });
  app.log.info({ embedder: scorer.embedderId, loadMs: scorerLoadMs }, 'scorer ready');

  // CHALLENGE_PACK makes a demo one command: the pack is imported when the pool is empty.
  if (env.CHALLENGE_PACK && (await countChallenges(database.db)) === 0) {
    const summary = await importChallengePack({ db: database.db, storage, scorer }, path.resolve(env.CHALLENGE_PACK));
    app.log.info(summary, `imported challenge pack ${env.CHALLENGE_PACK}`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    await app.close();
    await database.close();
    await scorer.close();
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

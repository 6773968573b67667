import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { writeControlToken } from './admin/admin-control.routes';
import { buildApp } from './app';
import { resolveAuthSecret } from './auth/auth-secret';
import { boothReport, currentInterfaces, formatBoothReport } from './booth-network';
import { openConfiguredDatabase } from './db/client';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './db/data-dir-lock';
import { EnvError, loadEnv } from './env';
import { countChallenges, importChallengePack, sweepOrphanImages } from './challenges/challenges-import.service';
import { scoringConfigFrom } from './scoring/scoring.config';
import { createScorer } from './scoring/scorer';
import { imageStorageFrom } from './storage/configured-image-storage';

async function main() {
  const env = loadEnv();
  // The embedded database is one process's: take DATA_DIR before opening it (a second server or a CLI is refused).
  let lock: DataDirLock | undefined;
  let controlToken: string | undefined;
  if (!env.DATABASE_URL) {
    mkdirSync(env.dataDir, { recursive: true });
    lock = acquireDataDirLock(env.dataDir, { kind: 'server', command: 'npm start' });
    controlToken = writeControlToken(env.dataDir);
  }
  const database = await openConfiguredDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });

  // The scoring model loads once per process, before the first player can guess.
  const scoringStarted = performance.now();
  const scorer = await createScorer(scoringConfigFrom(env));
  const scorerLoadMs = Math.round(performance.now() - scoringStarted);
  const storage = imageStorageFrom(env);

  const app = await buildApp({
    env,
    database,
    authSecret: resolveAuthSecret(env.BETTER_AUTH_SECRET, env.dataDir),
    scorer,
    storage,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
    controlToken,
  });
  app.log.info({ embedder: scorer.embedderId, loadMs: scorerLoadMs }, 'scorer ready');

  // Images of an import or generation that died before its rows committed. With the embedded database this process
  // is the only writer, so every leftover is an orphan; with PostgreSQL another instance may be importing right now.
  const orphans = await sweepOrphanImages({ db: database.db, storage }, database.kind === 'pglite' ? 0 : 60 * 60 * 1000);
  if (orphans > 0) app.log.info({ orphans }, 'deleted images of an interrupted import');

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
    lock?.release();
    await scorer.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  lock?.update({ url: env.publicUrl, controlUrl: controlUrlOf(app.server.address(), env.HOST) });
  app.log.info(`Guess the Genesis is running at ${env.publicUrl} (database: ${database.kind})`);
  // For the organizer at the booth: the URLs phones can use, and a loud warning when the links we hand out
  // (mail, QR code, origin check) point at this machine only.
  const report = boothReport({ host: env.HOST, port: env.PORT, publicUrl: env.publicUrl, gameUrl: env.gameUrl, interfaces: currentInterfaces() });
  if (report.warnings.length > 0) app.log.warn({ warnings: report.warnings, phoneUrls: report.phoneUrls }, 'booth set-up: phones cannot use these URLs');
  if (env.LOG_LEVEL !== 'silent') console.log(formatBoothReport(report, env.publicUrl));
}

/** Where a command on this machine reaches the server: loopback when it listens there (or everywhere). */
function controlUrlOf(address: ReturnType<import('node:http').Server['address']>, host: string): string {
  const port = typeof address === 'object' && address ? address.port : 0;
  const everywhere = ['0.0.0.0', '::', '127.0.0.1'].includes(host);
  const target = everywhere ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${target}:${port}`;
}

main().catch((error) => {
  if (error instanceof DataDirLockedError) {
    console.error(`${error.message}\nOnly one server may use an embedded database: stop it first, or give this one another DATA_DIR.`);
  } else if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});

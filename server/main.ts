import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { writeControlToken } from './admin/admin-control.routes';
import { buildApp } from './app';
import { resolveAuthSecret } from './auth/auth-secret';
import { boothReport, currentInterfaces, formatBoothReport } from './http/booth-network';
import { openConfiguredDatabase } from './db/client';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './db/data-dir-lock';
import { EnvError, loadEnv } from './env';
import { authSecretFingerprint, checkAuthSecret, DeploymentMismatchError } from './db/deployment-checks';
import { createLifecycle } from './http/lifecycle';
import { countChallenges, importChallengePack, sweepOrphanImages, sweepStaleImportFolders } from './challenges/challenges-import.service';
import { findStarterPackDir, importStarterPackIfFresh } from './challenges/starter-pack';
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
  const authSecret = resolveAuthSecret(env.BETTER_AUTH_SECRET, env.dataDir);
  // Every instance on one database must sign with one secret: refused here, loudly, instead of signing players out at random.
  const secretCheck = await checkAuthSecret(database.db, authSecret, { rotate: env.AUTH_SECRET_ROTATE });

  // The scoring model loads once per process, before the first player can guess.
  const scoringStarted = performance.now();
  const scorer = await createScorer(scoringConfigFrom(env));
  const scorerLoadMs = Math.round(performance.now() - scoringStarted);
  const storage = imageStorageFrom(env);

  const lifecycle = createLifecycle();
  const app = await buildApp({
    env,
    database,
    authSecret,
    scorer,
    lifecycle,
    storage,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
    controlToken,
  });
  app.log.info({ embedder: scorer.embedderId, loadMs: scorerLoadMs }, 'scorer ready');
  if (secretCheck === 'rotated')
    app.log.warn('AUTH_SECRET_ROTATE: BETTER_AUTH_SECRET changed on purpose; sessions signed with the old one are refused');
  else
    app.log.info(
      { authSecretFingerprint: authSecretFingerprint(authSecret).slice(0, 8) },
      `auth secret ${secretCheck === 'recorded' ? 'recorded for this database' : 'matches the other instances'}`,
    );
  if (env.NODE_ENV === 'production' && env.TRUST_PROXY && /^https?:\/\/(localhost|127\.|\[::1\])/.test(env.publicUrl)) {
    app.log.warn(
      { publicUrl: env.publicUrl },
      "WARNING: behind a proxy (TRUST_PROXY is set) but PUBLIC_URL names this machine: browsers opening the balancer's address will have every write refused as cross-site. Set PUBLIC_URL to the balancer's public address.",
    );
  }

  // Images of an import or generation that died before its rows committed. With the embedded database this process
  // is the only writer, so every leftover is an orphan; with PostgreSQL another instance may be importing right now.
  const orphans = await sweepOrphanImages({ db: database.db, storage }, database.kind === 'pglite' ? 0 : 60 * 60 * 1000);
  if (orphans > 0) app.log.info({ orphans }, 'deleted images of an interrupted import');
  const staleFolders = await sweepStaleImportFolders();
  if (staleFolders > 0) app.log.info({ folders: staleFolders }, 'deleted temporary folders of an interrupted import');

  // CHALLENGE_PACK makes a demo one command: the pack is imported when the pool is empty.
  if (env.CHALLENGE_PACK && (await countChallenges(database.db)) === 0) {
    const summary = await importChallengePack({ db: database.db, storage, scorer }, path.resolve(env.CHALLENGE_PACK));
    app.log.info(summary, `imported challenge pack ${env.CHALLENGE_PACK}`);
  } else if (!env.CHALLENGE_PACK && env.STARTER_PACK) {
    // A fresh clone plays out of the box: the repo's starter pack fills an empty pool (never again once removed).
    const starterDir = findStarterPackDir();
    if (!starterDir) app.log.warn('packs/starter is missing: the pool stays empty until you import a pack');
    else {
      const summary = await importStarterPackIfFresh({ db: database.db, storage, scorer }, starterDir);
      if (summary) app.log.info(summary, 'Starter pack loaded: replace it with your own (console → Challenges, or STARTER_PACK=false)');
    }
  }

  let closing = false;
  // Behind a balancer, give it time to see `ready` fail before closing (it ends sooner once the balancer has let go).
  const drainMs = env.SHUTDOWN_DRAIN_MS ?? (env.TRUST_PROXY && env.TRUST_PROXY !== 'false' ? 10_000 : 0);
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // 1. ready turns 503 and live streams are sent to another instance (jittered retry); guesses keep being served.
    lifecycle.beginDrain();
    app.log.info({ signal, drainMs }, 'shutting down: draining (ready answers 503, live streams sent elsewhere)');
    if (drainMs > 0) await lifecycle.settled({ maxMs: drainMs, quietMs: 1000 });
    // 2. No new connections; requests in flight (guesses) finish; then the database and the model close.
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    // Connections that finish their last request while closing (the balancer's kept-alive ones) are closed as soon
    // as they are idle, instead of after HTTP_IDLE_TIMEOUT_MS.
    const sweep = setInterval(() => app.server.closeIdleConnections?.(), 200);
    await app.close();
    clearInterval(sweep);
    app.log.info('shutting down: requests finished, closing the database and the model');
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
  const report = boothReport({
    host: env.HOST,
    port: env.PORT,
    publicUrl: env.publicUrl,
    gameUrl: env.gameUrl,
    interfaces: currentInterfaces(),
  });
  if (report.warnings.length > 0)
    app.log.warn({ warnings: report.warnings, phoneUrls: report.phoneUrls }, 'booth set-up: phones cannot use these URLs');
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
  } else if (error instanceof EnvError || error instanceof DeploymentMismatchError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});

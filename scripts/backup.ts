/**
 * npm run backup -- [folder]: a backup of this deployment into a new folder (default backups/<time>), for
 * npm run restore. Layout and guards: scripts/backup-common.ts.
 *   embedded database (no DATABASE_URL): all of DATA_DIR, with the server STOPPED (refused while it runs);
 *   PostgreSQL: pg_dump of DATABASE_URL (servers may keep running) and, with IMAGE_STORAGE=disk, DATA_DIR/images.
 * With IMAGE_STORAGE=s3 the bucket is not copied: keep it versioned or replicated by the store.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadEnv } from '../server/env';
import {
  BackupError,
  DATA_ARCHIVE,
  DATABASE_DUMP,
  exitWith,
  IMAGES_ARCHIVE,
  lockDataDir,
  MANIFEST,
  type Manifest,
  POSTGRES_CLIENT_HINT,
  RUNTIME_FILES,
  run,
} from './backup-common';
import { shippedMigrations } from '../server/db/client';

function main() {
  const env = loadEnv();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = path.resolve(process.argv[2] ?? path.join('backups', stamp));
  if (existsSync(target) && readdirSync(target).length > 0) throw new BackupError(`${target} is not empty: name a new folder.`);
  mkdirSync(target, { recursive: true });
  const engine = env.DATABASE_URL ? 'postgres' : 'pglite';
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    engine,
    imageStorage: env.IMAGE_STORAGE,
    migrations: shippedMigrations(),
    appVersion: process.env.npm_package_version ?? 'unknown',
  };

  if (engine === 'pglite') {
    const lock = lockDataDir(env.dataDir, 'npm run backup');
    try {
      const exclude = [...RUNTIME_FILES, `${path.basename(env.dataDir)}.lock`].map((name) => `--exclude=./${name}`);
      run('tar', ['-czf', path.join(target, DATA_ARCHIVE), ...exclude, '-C', env.dataDir, '.'], 'apt-get install -y tar');
    } finally {
      lock.release();
    }
  } else {
    // Custom format: compressed, restorable table by table, and read from one snapshot while the servers write.
    run(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-acl', `--file=${path.join(target, DATABASE_DUMP)}`, env.DATABASE_URL!],
      POSTGRES_CLIENT_HINT,
    );
    const members = ['images', 'auth-secret'].filter((name) => existsSync(path.join(env.dataDir, name)));
    if (env.IMAGE_STORAGE === 'disk' || members.length > 0)
      run('tar', ['-czf', path.join(target, IMAGES_ARCHIVE), '-C', env.dataDir, ...members], 'apt-get install -y tar');
  }
  writeFileSync(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`Backup written to ${target} (${engine}${engine === 'postgres' ? `, images: ${env.IMAGE_STORAGE}` : ''}).`);
  if (env.IMAGE_STORAGE === 's3')
    console.log('Images live in the S3 bucket and are not in this backup: keep the bucket versioned or replicated.');
}

try {
  main();
} catch (error) {
  exitWith(error);
}

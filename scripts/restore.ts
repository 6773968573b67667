/**
 * npm run restore -- <backup folder> [--force]: puts a backup made by npm run backup back, into the same kind of
 * database (embedded: DATA_DIR; PostgreSQL: DATABASE_URL). Refuses while a server holds DATA_DIR or any other client
 * is connected to the PostgreSQL database (stop every instance first), and refuses to overwrite data unless --force
 * (the embedded DATA_DIR is then moved aside, not deleted). Start the servers afterwards: a newer build applies its
 * own migrations at start-up; an older one than the backup's refuses to serve (readiness names the missing migrations).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
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
  run,
} from './backup-common';
import { shippedMigrations } from '../server/db/client';

async function main() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
  if (positionals.length !== 1) throw new BackupError('Usage: npm run restore -- <backup folder> [--force]');
  const source = path.resolve(positionals[0]);
  if (!existsSync(path.join(source, MANIFEST)))
    throw new BackupError(`${source} holds no ${MANIFEST}: not a backup made by npm run backup.`);
  const manifest = JSON.parse(readFileSync(path.join(source, MANIFEST), 'utf8')) as Manifest;
  const env = loadEnv();
  const engine = env.DATABASE_URL ? 'postgres' : 'pglite';
  if (manifest.engine !== engine)
    throw new BackupError(
      `This backup is of ${manifest.engine === 'pglite' ? 'an embedded database (DATA_DIR)' : 'PostgreSQL'}, and this ` +
        `configuration uses ${engine === 'pglite' ? 'the embedded database' : 'PostgreSQL (DATABASE_URL)'}: restore it where it was made.`,
    );
  if (manifest.migrations > shippedMigrations())
    console.warn(
      `Warning: the backup was made by a newer build (${manifest.migrations} migrations, this one has ${shippedMigrations()}): start that build on it.`,
    );

  if (engine === 'pglite') {
    const dataDir = env.dataDir;
    const existing = existsSync(dataDir) ? readdirSync(dataDir).filter((name) => name !== 'process.lock') : [];
    if (existing.length > 0 && !values.force)
      throw new BackupError(`${dataDir} is not empty (${existing.join(', ')}). Stop the server; then --force moves it aside and restores.`);
    if (existing.length > 0) {
      // Proves no server holds it before anything moves; the lock is released before the move.
      lockDataDir(dataDir, 'npm run restore').release();
      const aside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(dataDir, aside);
      console.log(`The current ${dataDir} was moved to ${aside}.`);
    }
    mkdirSync(dataDir, { recursive: true });
    const lock = lockDataDir(dataDir, 'npm run restore');
    try {
      run('tar', ['-xzf', path.join(source, DATA_ARCHIVE), '-C', dataDir], 'apt-get install -y tar');
    } finally {
      lock.release();
    }
  } else {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      const [{ others }] = (
        await client.query(
          'select count(*)::int as others from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        )
      ).rows;
      if (others > 0)
        throw new BackupError(`${others} other client(s) are connected to this database: stop every instance before a restore.`);
      const [{ tables }] = (
        await client.query(`select count(*)::int as tables from information_schema.tables where table_schema in ('public', 'drizzle')`)
      ).rows;
      if (tables > 0 && !values.force)
        throw new BackupError(
          'This database already holds tables. Restore into an empty database, or --force to replace what the backup holds.',
        );
    } finally {
      await client.end();
    }
    run(
      'pg_restore',
      [
        '--no-owner',
        '--no-acl',
        '--clean',
        '--if-exists',
        '--single-transaction',
        `--dbname=${env.DATABASE_URL}`,
        path.join(source, DATABASE_DUMP),
      ],
      POSTGRES_CLIENT_HINT,
    );
    if (existsSync(path.join(source, IMAGES_ARCHIVE))) {
      mkdirSync(env.dataDir, { recursive: true });
      run('tar', ['-xzf', path.join(source, IMAGES_ARCHIVE), '-C', env.dataDir], 'apt-get install -y tar');
    }
  }
  console.log(`Restored ${source} (${manifest.engine}, made ${manifest.createdAt}). Start the server(s) now.`);
}

main().catch(exitWith);

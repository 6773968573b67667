/**
 * What `npm run backup` and `npm run restore` share: the backup's layout, the manifest, and the guards.
 *
 * A backup is a folder:
 *   manifest.json      what it holds (engine, image storage, migrations of the build that made it, time)
 *   data.tar.gz        embedded database: all of DATA_DIR (PGlite's files, images, the development auth secret)
 *   database.dump      PostgreSQL: pg_dump's custom format (restored with pg_restore)
 *   images.tar.gz      PostgreSQL with IMAGE_STORAGE=disk: DATA_DIR/images (and DATA_DIR/auth-secret when present)
 *
 * PGlite is one process's database (docs/decisions/005-one-process-per-data-dir.md): its files are consistent only while
 * no server holds them, so backup and restore of DATA_DIR take its lock, and refuse while a server runs. On PostgreSQL a
 * backup runs beside the servers (pg_dump reads one consistent snapshot); a restore refuses while any other client is
 * connected to the database.
 */
import { spawnSync } from 'node:child_process';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from '../server/db/data-dir-lock';

export const MANIFEST = 'manifest.json';
export const DATA_ARCHIVE = 'data.tar.gz';
export const DATABASE_DUMP = 'database.dump';
export const IMAGES_ARCHIVE = 'images.tar.gz';
/** Files of a running server that a backup must not carry (the lock and the control routes' token). */
export const RUNTIME_FILES = ['process.lock', 'control-token'];

export interface Manifest {
  format: 1;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  imageStorage: 'disk' | 's3';
  /** Migrations of the build that made the backup; a build with fewer cannot read it. */
  migrations: number;
  appVersion: string;
}

export class BackupError extends Error {}

/** Takes DATA_DIR's lock for this command, or explains who holds it and what to do. */
export function lockDataDir(dataDir: string, command: string): DataDirLock {
  try {
    return acquireDataDirLock(dataDir, { kind: 'cli', command });
  } catch (error) {
    if (error instanceof DataDirLockedError)
      throw new BackupError(
        `${error.message}\nThe embedded database can only be copied while no server holds it: stop the server ` +
          '(Ctrl-C, or SIGTERM to its pid), run this again, then start the server. On PostgreSQL (DATABASE_URL) a backup runs beside the servers.',
      );
    throw error;
  }
}

/** Runs a tool (tar, pg_dump, pg_restore), or says what is missing or what it printed. */
export function run(tool: string, args: string[], hint: string) {
  const result = spawnSync(tool, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError(`${tool} is not installed: ${hint}`);
  if (result.status !== 0)
    throw new BackupError(`${tool} ${args.join(' ')} failed (exit ${result.status}):\n${result.stderr}${result.stdout}`);
  return result.stdout;
}

export const POSTGRES_CLIENT_HINT = "apt-get install -y postgresql-client (a version at least the server's)";

export function exitWith(error: unknown): never {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

/**
 * One process at a time on an embedded (PGlite) data directory: PGlite is single-process, and a second process
 * writing the same files loses data silently. The holder writes DATA_DIR/process.lock (pid, start time, what it is,
 * and for a server its URLs); a lock whose process is gone (or whose pid now belongs to another process) is stale
 * and taken over. See docs/decisions/005-one-process-per-data-dir.md.
 */
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'process.lock';

export interface LockHolder {
  pid: number;
  /** Wall-clock start, for people. */
  startedAt: string;
  /** The kernel's start time of the process (Linux /proc), so a recycled pid is not mistaken for the holder. */
  processStart: string | null;
  kind: 'server' | 'cli';
  /** e.g. 'npm start' or 'npm run admin:create'. */
  command: string;
  /** Server only, once listening: where players reach it … */
  url?: string;
  /** … and where commands on this machine reach its control routes (loopback). */
  controlUrl?: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(describeHolder(dataDir, holder));
  }
}

export function describeHolder(dataDir: string, holder: LockHolder): string {
  const what =
    holder.kind === 'server'
      ? `The server (pid ${holder.pid}${holder.url ? `, ${holder.url}` : ''}, started ${holder.startedAt})`
      : `\`${holder.command}\` (pid ${holder.pid}, started ${holder.startedAt})`;
  return `${what} is using the embedded database in ${dataDir}.`;
}

/** Field 22 of /proc/<pid>/stat: start time in clock ticks since boot (null where /proc is unavailable). */
export function processStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: alive, but someone else's process.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = processStartOf(holder.pid);
  return !(holder.processStart && start && start !== holder.processStart);
}

function readHolder(file: string): LockHolder | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
  } catch {
    return null;
  }
}

/** The live holder of `dataDir`, or null when it is free (no lock, a stale one, or an unreadable one). */
export function liveHolder(dataDir: string): LockHolder | null {
  const holder = readHolder(path.join(dataDir, LOCK_FILE));
  return holder && isAlive(holder) ? holder : null;
}

export interface DataDirLock {
  holder: LockHolder;
  /** Adds what became known after locking (a server's URLs). */
  update(fields: Partial<Pick<LockHolder, 'url' | 'controlUrl'>>): void;
  release(): void;
}

/**
 * Takes the lock or throws DataDirLockedError naming the live holder. Creation is exclusive (O_EXCL); a stale lock
 * is first moved aside under a name of our own, so two processes taking over the same stale lock cannot both win.
 */
export function acquireDataDirLock(dataDir: string, fields: Pick<LockHolder, 'kind' | 'command'>): DataDirLock {
  // The first command on a fresh machine (e.g. admin:create before the first start) may find no DATA_DIR yet.
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const holder: LockHolder = {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    processStart: processStartOf(process.pid),
    ...fields,
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const current = readHolder(file);
      if (current && isAlive(current)) throw new DataDirLockedError(dataDir, current);
      // Stale (or half-written by a process that died): move it aside atomically and retry the exclusive create.
      const aside = `${file}.stale-${process.pid}`;
      try {
        renameSync(file, aside);
      } catch {
        continue; // Someone else moved it first: retry.
      }
      const moved = readHolder(aside);
      if (moved && isAlive(moved)) {
        // Another process took the stale lock over between our read and our move: give it back, it wins.
        renameSync(aside, file);
        throw new DataDirLockedError(dataDir, moved);
      }
      rmSync(aside, { force: true });
      continue;
    }
    writeSync(fd, JSON.stringify(holder));
    closeSync(fd);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      // Only our own lock is removed (never one a later process took over).
      if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
      process.off('exit', release);
    };
    process.on('exit', release);
    return {
      holder,
      update(more) {
        Object.assign(holder, more);
        writeFileSync(file, JSON.stringify(holder), { mode: 0o600 });
      },
      release,
    };
  }
  throw new Error(`Could not lock ${dataDir} (${LOCK_FILE} keeps changing).`);
}

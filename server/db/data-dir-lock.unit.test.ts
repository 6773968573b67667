import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, liveHolder, LOCK_FILE, processStartOf } from './data-dir-lock';

describe('DATA_DIR lock', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gg-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('is exclusive: a second taker is told who holds it, and it is free again after release', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir, { kind: 'server', command: 'npm start' });
    lock.update({ url: 'http://localhost:3000' });
    const holder = JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'));
    expect(holder).toMatchObject({ pid: process.pid, kind: 'server', url: 'http://localhost:3000' });
    expect(holder.processStart).toBe(processStartOf(process.pid));

    let refused: unknown;
    try {
      acquireDataDirLock(dir, { kind: 'cli', command: 'npm run admin:create' });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as Error).message).toContain(`The server (pid ${process.pid}, http://localhost:3000`);
    expect(liveHolder(dir)?.pid).toBe(process.pid);

    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    expect(liveHolder(dir)).toBeNull();
    acquireDataDirLock(dir, { kind: 'cli', command: 'npm run admin:create' }).release();
  });

  it('creates a DATA_DIR that does not exist yet (the first command on a fresh machine)', () => {
    const dir = path.join(freshDir(), 'not-yet', 'data');
    const lock = acquireDataDirLock(dir, { kind: 'cli', command: 'npm run admin:create' });
    expect(liveHolder(dir)?.pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a stale lock: a dead pid, or a live pid that started at another time (recycled)', () => {
    const dir = freshDir();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    const stale = [
      { pid: Number(dead), startedAt: '2020-01-01T00:00:00.000Z', processStart: null, kind: 'server', command: 'npm start' },
      { pid: process.pid, startedAt: '2020-01-01T00:00:00.000Z', processStart: '1', kind: 'server', command: 'npm start' },
    ];
    for (const holder of stale) {
      writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(holder));
      expect(liveHolder(dir)).toBeNull();
      const lock = acquireDataDirLock(dir, { kind: 'cli', command: 'test' });
      expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).command).toBe('test');
      lock.release();
    }
  });

  it('treats an unreadable (half-written) lock as stale', () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, LOCK_FILE), '{"pid": 12');
    acquireDataDirLock(dir, { kind: 'server', command: 'npm start' }).release();
  });
});

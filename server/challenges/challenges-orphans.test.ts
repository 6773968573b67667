import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingImages } from '../db/tables/challenges.tables';
import { challenges } from '../db/tables/challenges.tables';
import type { ImageStorage } from '../storage/image-storage';
import { writePack } from '../../tests/support/game';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { importChallengePack, sweepOrphanImages } from './challenges-import.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const files = async () => (await readdir(path.join(t.env.dataDir, 'images')).catch(() => [])).filter((name) => !name.startsWith('.'));
const rows = async () => (await t.database.db.select({ n: count() }).from(challenges))[0].n;

describe('an import that dies half way', () => {
  it('leaves journaled images that the sweep deletes; committed images are never touched', async () => {
    const committed = await importChallengePack(
      { db: t.database.db, storage: t.storage, scorer: t.scorer },
      (await writePack({ count: 2, label: 'kept' })).dir,
    );
    expect(committed.imported).toBe(2);

    // A storage whose 4th write never returns: the process "dies" with 3 images written and no rows committed.
    let writes = 0;
    let threeWritten!: () => void;
    const written = new Promise<void>((resolve) => (threeWritten = resolve));
    const dying: ImageStorage = {
      ...t.storage,
      async put(key, bytes, type) {
        if (++writes > 3) return new Promise<void>(() => {});
        await t.storage.put(key, bytes, type);
        if (writes === 3) threeWritten();
      },
    };
    void importChallengePack({ db: t.database.db, storage: dying, scorer: t.scorer }, (await writePack({ count: 6, label: 'dies' })).dir);
    await written;
    expect(await files()).toHaveLength(5);
    expect(await rows()).toBe(2);

    // A fresh journal entry may belong to an import still running elsewhere: the default sweep leaves it alone.
    expect(await sweepOrphanImages({ db: t.database.db, storage: t.storage })).toBe(0);
    expect(await files()).toHaveLength(5);

    // 6 journaled keys: 3 images written, 3 never written (deleting those is a no-op).
    expect(await sweepOrphanImages({ db: t.database.db, storage: t.storage }, 0)).toBe(6);
    expect(await files()).toHaveLength(2);
    expect(await rows()).toBe(2);
    for (const row of await t.database.db.select({ imageKey: challenges.imageKey }).from(challenges)) {
      expect(await t.storage.get(row.imageKey)).not.toBeNull();
    }
    // The 6 journaled keys (3 written, 3 never written) are gone from the journal.
    expect((await t.database.db.select({ n: count() }).from(pendingImages))[0].n).toBe(0);
  });
});

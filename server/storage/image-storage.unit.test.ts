import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalImageStorage, isImageKey, newImageKey } from './image-storage';

const roots: string[] = [];
afterAll(() => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));
const storageInTemp = async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'gg-storage-'));
  roots.push(root);
  return { root, storage: createLocalImageStorage(path.join(root, 'images')) };
};

describe('local image storage', () => {
  it('stores, serves with the right content type, and deletes', async () => {
    const { storage } = await storageInTemp();
    const key = newImageKey('image/webp');
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}\.webp$/);
    await storage.put(key, Buffer.from('RIFF....WEBP'), 'image/webp');
    expect(await storage.get(key)).toEqual({ bytes: Buffer.from('RIFF....WEBP'), contentType: 'image/webp' });
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });

  it('refuses keys that could leave its folder or that do not match the content type', async () => {
    const { root, storage } = await storageInTemp();
    for (const key of ['../escape.webp', '..', 'a/b.webp', '/etc/passwd', 'short.webp', 'AAAAAAAAAAAA.exe']) {
      expect(isImageKey(key), key).toBe(false);
      expect(await storage.get(key)).toBeNull();
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/invalid image key/);
    }
    await expect(storage.put(newImageKey('image/png'), Buffer.from('x'), 'image/webp')).rejects.toThrow(/does not match/);
    expect(await readdir(root)).toEqual([]);
  });

  it('gives every image a different random key', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => newImageKey('image/webp')));
    expect(keys.size).toBe(1000);
  });
});

/** Copies images from a disk folder to another ImageStorage, verifying each copy byte for byte (sha256). */
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { createLocalImageStorage, isImageKey, type ImageStorage } from './image-storage';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export async function migrateImagesToS3(directory: string, target: ImageStorage, onProgress?: (done: number, total: number) => void) {
  const source = createLocalImageStorage(directory);
  const keys = (await readdir(directory).catch(() => [] as string[])).filter(isImageKey);
  const failures: string[] = [];
  let verified = 0;
  for (const [index, key] of keys.entries()) {
    try {
      const image = await source.get(key);
      if (!image) throw new Error('vanished from disk');
      await target.put(key, image.bytes, image.contentType);
      const copy = await target.get(key);
      if (!copy || sha(copy.bytes) !== sha(image.bytes)) throw new Error('the copy in the bucket differs');
      verified++;
    } catch (error) {
      failures.push(`${key}: ${(error as Error).message}`);
    }
    onProgress?.(index + 1, keys.length);
  }
  return { total: keys.length, verified, failures };
}

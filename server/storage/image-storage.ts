/** Where challenge images live. Local disk by default; an S3-compatible store can implement the same three calls. */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export interface StoredImage {
  bytes: Buffer;
  contentType: string;
}

export interface ImageStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** null when no image has that key. */
  get(key: string): Promise<StoredImage | null>;
  delete(key: string): Promise<void>;
}

/** Keys are random ids plus an extension ('Zk3…Q.webp'); anything else is refused so no key can escape the folder. */
/** Where the app serves a stored image (the game's image route). */
export const imageUrlFor = (imageKey: string) => `/api/images/${imageKey}`;

export const IMAGE_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}\.(webp|png|jpg)$/;

const contentTypes: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg' };
const extensions: Record<string, string> = Object.fromEntries(Object.entries(contentTypes).map(([ext, type]) => [type, ext]));

/** A fresh random key (16 random bytes, base64url) for an image of this content type. */
export function newImageKey(contentType: string): string {
  const extension = extensions[contentType];
  if (!extension) throw new Error(`unsupported image type ${contentType}`);
  return `${randomBytes(16).toString('base64url')}.${extension}`;
}

export function isImageKey(key: string): boolean {
  return IMAGE_KEY_PATTERN.test(key);
}

function assertKey(key: string) {
  if (!isImageKey(key)) throw new Error('invalid image key');
}

/** One file per image under `directory`; the content type follows from the key's extension. */
export function createLocalImageStorage(directory: string): ImageStorage {
  let ready: Promise<unknown> | undefined;
  const ensureDirectory = () => (ready ??= mkdir(directory, { recursive: true }));
  return {
    async put(key, bytes, contentType) {
      assertKey(key);
      if (contentTypes[key.split('.').pop()!] !== contentType) throw new Error(`key ${key} does not match ${contentType}`);
      await ensureDirectory();
      // Write then rename: a crash never leaves a half-written image under its real name.
      const temporary = path.join(directory, `.${key}.${process.pid}.tmp`);
      await writeFile(temporary, bytes);
      await rename(temporary, path.join(directory, key));
    },
    async get(key) {
      if (!isImageKey(key)) return null;
      try {
        const bytes = await readFile(path.join(directory, key));
        return { bytes, contentType: contentTypes[key.split('.').pop()!] };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      assertKey(key);
      await rm(path.join(directory, key), { force: true });
    },
  };
}

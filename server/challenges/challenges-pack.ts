/** Reads a challenge pack (a folder or a .zip holding manifest.json and the images) without trusting its paths. */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import yauzl from 'yauzl';

export interface PackReader {
  /** The bytes of a file named relative to the pack root, or null when it is missing. */
  read(relativePath: string): Promise<Buffer | null>;
}

const MAX_ZIP_BYTES = 1024 * 1024 * 1024;

/** A pack path may not leave the pack: no absolute paths, no '..'. Returns the normalised path or null. */
export function safePackPath(file: string): string | null {
  const normalised = path.posix.normalize(file.replace(/\\/g, '/'));
  if (normalised.startsWith('/') || normalised === '..' || normalised.startsWith('../') || /^[a-zA-Z]:/.test(normalised)) return null;
  return normalised.replace(/^\.\//, '');
}

export async function openPack(packPath: string): Promise<PackReader> {
  const info = await stat(packPath).catch(() => null);
  if (!info) throw new Error(`Challenge pack not found: ${packPath}`);
  if (info.isDirectory()) return folderPack(packPath);
  return zipPack(await readZipEntries(packPath));
}

function folderPack(root: string): PackReader {
  return {
    async read(relativePath) {
      const safe = safePackPath(relativePath);
      if (!safe) return null;
      try {
        return await readFile(path.join(root, safe));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null;
        throw error;
      }
    },
  };
}

/** Zips are often made of a folder: the directory holding manifest.json is the pack root. */
function zipPack(entries: Map<string, Buffer>): PackReader {
  const manifests = [...entries.keys()].filter((name) => name === 'manifest.json' || name.endsWith('/manifest.json'));
  manifests.sort((a, b) => a.length - b.length);
  const root = manifests[0] ? manifests[0].slice(0, -'manifest.json'.length) : '';
  return {
    async read(relativePath) {
      const safe = safePackPath(relativePath);
      return safe ? (entries.get(root + safe) ?? null) : null;
    },
  };
}

function readZipEntries(zipPath: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, { lazyEntries: true }, (openError, zip) => {
      if (openError || !zip) return reject(new Error(`Not a readable zip file: ${zipPath} (${openError?.message ?? 'unknown error'})`));
      const entries = new Map<string, Buffer>();
      let total = 0;
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        total += entry.uncompressedSize;
        if (total > MAX_ZIP_BYTES) {
          zip.close();
          return reject(new Error(`Zip file is too large once unpacked (over ${MAX_ZIP_BYTES / 1024 / 1024} MB): ${zipPath}`));
        }
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('unreadable zip entry'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

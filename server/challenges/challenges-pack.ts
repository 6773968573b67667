/**
 * Reads a challenge pack (a folder or a .zip holding manifest.json and the images) without trusting it: paths may not
 * leave the pack, and a zip is indexed from its central directory first and refused as a whole when it looks like a
 * zip bomb (too many entries, sizes too large, implausible compression ratios). Entries are read one at a time, on
 * demand, and never beyond their declared size, so a large pack never sits in memory.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import yauzl from 'yauzl';

export interface PackReader {
  /** The bytes of a file named relative to the pack root, or null when it is missing. */
  read(relativePath: string): Promise<Buffer | null>;
  close(): void;
}

/** What a zip may hold. Images are re-encoded to ~100 KB; the limits leave room for camera originals. */
export const ZIP_LIMITS = {
  maxEntries: 10_000,
  /** Per file, once unpacked. */
  maxEntryBytes: 50 * 1024 * 1024,
  /** All files together, once unpacked. */
  maxTotalBytes: 1024 * 1024 * 1024,
  /** Unpacked / packed; images barely compress, a bomb compresses ~1000×. Checked for entries above 1 MB. */
  maxRatio: 100,
};

/** Thrown for a pack that is refused before any entry is read; lists every problem found. */
export class PackFormatError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
  }
}

/** A pack path may not leave the pack: no absolute paths, no '..'. Returns the normalised path or null. */
export function safePackPath(file: string): string | null {
  if (file.includes('\0')) return null;
  const normalised = path.posix.normalize(file.replace(/\\/g, '/'));
  if (normalised.startsWith('/') || normalised === '..' || normalised.startsWith('../') || /^[a-zA-Z]:/.test(normalised)) return null;
  return normalised.replace(/^\.\//, '');
}

export async function openPack(packPath: string): Promise<PackReader> {
  const info = await stat(packPath).catch(() => null);
  if (!info) throw new Error(`Challenge pack not found: ${packPath}`);
  if (info.isDirectory()) return folderPack(packPath);
  return openZipPack(packPath);
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
    close() {},
  };
}

function openZip(zipPath: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // decodeStrings: false hands us raw names, so a '../' entry becomes a listed problem instead of an opaque error.
    yauzl.open(zipPath, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) reject(new PackFormatError([`not a readable zip file (${error?.message ?? 'unknown error'})`]));
      else resolve(zip);
    });
  });
}

function listEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('error', (error: Error) => reject(new PackFormatError([`the zip file is damaged (${error.message})`])));
    zip.on('end', () => resolve(entries));
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      if (entries.length > ZIP_LIMITS.maxEntries) {
        reject(new PackFormatError([`the zip holds more than ${ZIP_LIMITS.maxEntries} entries`]));
        return;
      }
      zip.readEntry();
    });
    zip.readEntry();
  });
}

const entryName = (entry: yauzl.Entry) =>
  Buffer.isBuffer(entry.fileName) ? (entry.fileName as Buffer).toString('utf8') : String(entry.fileName);
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Checks every entry's name and declared sizes; returns the files by name or throws with every problem. */
export function checkZipEntries(entries: Array<{ name: string; compressedSize: number; uncompressedSize: number }>): Map<string, number> {
  const problems: string[] = [];
  const files = new Map<string, number>();
  let total = 0;
  for (const [index, entry] of entries.entries()) {
    if (entry.name.endsWith('/')) continue;
    const safe = safePackPath(entry.name);
    if (!safe) {
      problems.push(`zip entry "${entry.name}" has a path leaving the pack`);
      continue;
    }
    if (entry.uncompressedSize > ZIP_LIMITS.maxEntryBytes)
      problems.push(`zip entry "${entry.name}" is ${mb(entry.uncompressedSize)} unpacked (at most ${mb(ZIP_LIMITS.maxEntryBytes)})`);
    else if (entry.uncompressedSize > 1024 * 1024 && entry.uncompressedSize > entry.compressedSize * ZIP_LIMITS.maxRatio) {
      problems.push(
        `zip entry "${entry.name}" unpacks ${Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize))}× larger than it is packed (a zip bomb?)`,
      );
    }
    total += entry.uncompressedSize;
    files.set(safe, index);
  }
  if (total > ZIP_LIMITS.maxTotalBytes) problems.push(`the zip is ${mb(total)} unpacked (at most ${mb(ZIP_LIMITS.maxTotalBytes)})`);
  if (problems.length > 0) throw new PackFormatError(problems);
  return files;
}

/** Zips are often made of a folder: the directory holding manifest.json is the pack root. */
async function openZipPack(zipPath: string): Promise<PackReader> {
  const zip = await openZip(zipPath);
  let entries: yauzl.Entry[];
  let files: Map<string, number>;
  try {
    entries = await listEntries(zip);
    files = checkZipEntries(
      entries.map((entry) => ({ name: entryName(entry), compressedSize: entry.compressedSize, uncompressedSize: entry.uncompressedSize })),
    );
  } catch (error) {
    zip.close();
    throw error;
  }
  const manifests = [...files.keys()].filter((name) => name === 'manifest.json' || name.endsWith('/manifest.json'));
  manifests.sort((a, b) => a.length - b.length);
  const root = manifests[0] ? manifests[0].slice(0, -'manifest.json'.length) : '';
  return {
    async read(relativePath) {
      const safe = safePackPath(relativePath);
      const index = safe === null ? undefined : files.get(root + safe);
      return index === undefined ? null : readEntry(zip, entries[index]);
    },
    close: () => zip.close(),
  };
}

/** One entry's bytes; yauzl stops a stream that inflates beyond the declared size (validateEntrySizes). */
function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream)
        return reject(new PackFormatError([`zip entry "${entryName(entry)}" is unreadable (${error?.message ?? 'unknown error'})`]));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > entry.uncompressedSize) stream.destroy(new Error('more bytes than declared'));
        else chunks.push(chunk);
      });
      stream.on('error', (streamError: Error) =>
        reject(new PackFormatError([`zip entry "${entryName(entry)}" does not match its declared size (${streamError.message})`])),
      );
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

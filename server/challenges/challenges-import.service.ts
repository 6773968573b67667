/**
 * Imports a challenge pack: manifest.json `[{file, prompt, ...}]` plus the images, from a folder or a zip.
 * Everything is checked first and every problem reported; a pack with any problem imports nothing.
 * Re-importing adds nothing twice (content hash); prompt embeddings are computed here, in batches.
 * Re-encoded images wait in a temporary folder (not in memory) until the pack is known to be good; their storage keys
 * are journaled before they are written, so images of an import that crashed are swept (sweepOrphanImages), and so are
 * the temporary folders it left (sweepStaleImportFolders).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, inArray, lt, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../db/client';
import { pendingImages } from '../db/tables/challenges.tables';
import { challenges } from '../db/tables/challenges.tables';
import { estimateDifficulty, isHardToScore } from '../scoring/difficulty';
import type { PromptVectors, Scorer } from '../scoring/scorer';
import { newImageKey, type ImageStorage } from '../storage/image-storage';
import type { PromptFlag } from '@contracts/admin-challenges';
import { checkNewPrompts } from './pool-check';
import { openPack, PackFormatError, safePackPath, type PackReader } from './challenges-pack';

export const MAX_PROMPT_LENGTH = 500;
/** Served in a 430 px column on phones with 2x screens. */
export const IMAGE_MAX_WIDTH = 860;
const WEBP_QUALITY = 78;
const EMBED_BATCH_SIZE = 64;

export interface ImportDeps {
  db: Db;
  storage: ImageStorage;
  scorer: Scorer;
}

export interface ImportSummary {
  /** Entries in the manifest. */
  total: number;
  imported: number;
  /** Already in the pool (same image and prompt). */
  skipped: number;
  /** Imported challenges on which a good short description cannot score (scoring/difficulty.ts). */
  hardToScore: Array<{ prompt: string; difficulty: number }>;
  /** What the prompt check found among the pack's prompts and against the pool (pack imports only). */
  flags?: PromptFlag[];
}

export class ChallengePackError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `The challenge pack has ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was imported:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
}

export interface PreparedChallenge {
  prompt: string;
  /** The re-encoded image (kept on disk for packs, in memory for a single generated image). */
  webp: () => Promise<Buffer>;
  contentHash: string;
  source: string;
}

/**
 * Text a prompt may not hold: control characters other than tab and line breaks (a NUL cannot even be stored in a
 * PostgreSQL text column), and lone UTF-16 surrogates (ill-formed Unicode, which a JSON \\ud800 escape can carry).
 */
const UNSTORABLE_PROMPT =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Same prompt up to case and spacing counts as a duplicate. */
const promptKey = (prompt: string) => prompt.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();

/** The temporary folders of an import: its re-encoded images, and a pack uploaded from the console. */
export const IMPORT_STAGING_PREFIX = 'gg-import-';
export const UPLOAD_STAGING_PREFIX = 'gg-upload-';

export async function importChallengePack(deps: ImportDeps, packPath: string, options: { packName?: string } = {}): Promise<ImportSummary> {
  const staging = await mkdtemp(path.join(tmpdir(), IMPORT_STAGING_PREFIX));
  let pack: PackReader | undefined;
  try {
    pack = await openPack(packPath).catch((error: unknown) => {
      throw error instanceof PackFormatError ? new ChallengePackError(error.problems) : error;
    });
    const prepared = await validatePack(pack, options.packName ?? path.basename(packPath), staging);
    const summary = await storeChallenges(deps, prepared);
    // Imported either way: near-duplicates, short or generic prompts are the organizer's call (the console can disable).
    return {
      ...summary,
      flags: await checkNewPrompts(
        deps,
        prepared.map((item) => item.prompt),
      ),
    };
  } finally {
    pack?.close();
    await rm(staging, { recursive: true, force: true });
  }
}

/** Re-encodes one image (a generated one) for the pool; null when it is not a readable image. */
export async function prepareImage(image: Buffer, prompt: string, source: string): Promise<PreparedChallenge | null> {
  const webp = await reencode(image);
  if (!webp) return null;
  return { prompt, webp: async () => webp, contentHash: contentHashOf(image, prompt), source };
}

const contentHashOf = (image: Buffer, prompt: string) => createHash('sha256').update(image).update('\0').update(prompt).digest('hex');

async function readManifest(pack: PackReader): Promise<unknown[]> {
  const problems: string[] = [];
  const bytes = await readEntry(pack, 'manifest.json', problems);
  if (problems.length > 0) throw new ChallengePackError(problems);
  if (!bytes) throw new ChallengePackError(['manifest.json is missing from the pack root']);
  let manifest: unknown;
  try {
    manifest = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new ChallengePackError([`manifest.json is not valid JSON (${(error as Error).message})`]);
  }
  if (!Array.isArray(manifest)) throw new ChallengePackError(['manifest.json must be a JSON array of {"file", "prompt"} entries']);
  if (manifest.length === 0) throw new ChallengePackError(['manifest.json lists no challenges']);
  return manifest;
}

async function readEntry(pack: PackReader, file: string, problems: string[]): Promise<Buffer | null> {
  try {
    return await pack.read(file);
  } catch (error) {
    if (!(error instanceof PackFormatError)) throw error;
    problems.push(...error.problems);
    return null;
  }
}

async function validatePack(pack: PackReader, packName: string, staging: string): Promise<PreparedChallenge[]> {
  const manifest = await readManifest(pack);
  const problems: string[] = [];
  const prepared: PreparedChallenge[] = [];
  const seenFiles = new Map<string, number>();
  const seenPrompts = new Map<string, number>();
  const seenImages = new Map<string, number>();

  for (const [index, entry] of manifest.entries()) {
    const number = index + 1;
    const record = (typeof entry === 'object' && entry !== null ? entry : {}) as { file?: unknown; prompt?: unknown };
    const label = typeof record.file === 'string' ? `entry ${number} (${record.file})` : `entry ${number}`;
    const before = problems.length;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      problems.push(`${label}: must be an object with "file" and "prompt"`);
      continue;
    }

    const prompt = typeof record.prompt === 'string' ? record.prompt.trim() : null;
    if (prompt === null) problems.push(`${label}: "prompt" is missing or not text`);
    else if (prompt === '') problems.push(`${label}: prompt is empty`);
    else if (prompt.length > MAX_PROMPT_LENGTH)
      problems.push(`${label}: prompt is ${prompt.length} characters (at most ${MAX_PROMPT_LENGTH})`);
    else if (UNSTORABLE_PROMPT.test(prompt))
      problems.push(`${label}: prompt contains a control character or broken Unicode (e.g. a NUL byte)`);
    else {
      const duplicateOf = seenPrompts.get(promptKey(prompt));
      if (duplicateOf) problems.push(`${label}: same prompt as entry ${duplicateOf}`);
      else seenPrompts.set(promptKey(prompt), number);
    }

    let image: Buffer | null = null;
    const file = typeof record.file === 'string' ? safePackPath(record.file) : null;
    if (typeof record.file !== 'string' || record.file.trim() === '') problems.push(`${label}: "file" is missing or not text`);
    else if (!file) problems.push(`${label}: file path must stay inside the pack`);
    else if (seenFiles.has(file)) problems.push(`${label}: same image file as entry ${seenFiles.get(file)}`);
    else {
      seenFiles.set(file, number);
      const before = problems.length;
      image = await readEntry(pack, file, problems);
      if (!image && problems.length === before) problems.push(`${label}: image file not found in the pack`);
    }

    let webp: Buffer | null = null;
    if (image) {
      const imageHash = createHash('sha256').update(image).digest('hex');
      if (seenImages.has(imageHash)) problems.push(`${label}: same image as entry ${seenImages.get(imageHash)}`);
      else seenImages.set(imageHash, number);
      webp = await reencode(image);
      if (!webp) problems.push(`${label}: not a readable image`);
    }

    if (problems.length === before && prompt && image && webp && file) {
      const staged = path.join(staging, `${number}.webp`);
      await writeFile(staged, webp);
      prepared.push({ prompt, webp: () => readFile(staged), contentHash: contentHashOf(image, prompt), source: `${packName}:${file}` });
    }
  }
  if (problems.length > 0) throw new ChallengePackError(problems);
  return prepared;
}

/** WebP sized for the column; EXIF orientation applied and metadata dropped. null when sharp cannot read it. */
async function reencode(image: Buffer): Promise<Buffer | null> {
  try {
    const metadata = await sharp(image).metadata();
    if (!metadata.width || !metadata.height) return null;
    return await sharp(image)
      .rotate()
      .resize({ width: IMAGE_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * Adds prepared challenges to the pool (pack imports and generated images alike). Image keys are journaled in
 * pending_images before the images are written and leave the journal in the transaction that inserts their rows.
 */
export async function storeChallenges(
  { db, storage, scorer }: ImportDeps,
  prepared: PreparedChallenge[],
  /** Runs inside the inserting transaction (a generation job marks its item done there); throwing undoes the insert. */
  inTransaction?: (tx: Db, inserted: Array<{ id: string; imageKey: string }>) => Promise<void>,
): Promise<ImportSummary> {
  const existing = new Set<string>();
  for (let start = 0; start < prepared.length; start += 500) {
    const hashes = prepared.slice(start, start + 500).map((item) => item.contentHash);
    const rows = await db.select({ contentHash: challenges.contentHash }).from(challenges).where(inArray(challenges.contentHash, hashes));
    rows.forEach((row) => existing.add(row.contentHash));
  }
  const fresh = prepared.filter((item) => !existing.has(item.contentHash));

  // The prompt's views too, so that no player's guess waits for them; and how well short descriptions score on it.
  const embeddings: PromptVectors[] = [];
  const difficulties: number[] = [];
  for (let start = 0; start < fresh.length; start += EMBED_BATCH_SIZE) {
    const prompts = fresh.slice(start, start + EMBED_BATCH_SIZE).map((item) => item.prompt);
    const vectors = await scorer.embedPrompts(prompts);
    embeddings.push(...vectors);
    difficulties.push(...(await estimateDifficulty(scorer, prompts, vectors)));
  }

  const rows: Array<typeof challenges.$inferInsert & { imageKey: string }> = fresh.map((item, index) => ({
    imageKey: newImageKey('image/webp'),
    prompt: item.prompt,
    contentHash: item.contentHash,
    promptEmbedding: embeddings[index].embedding,
    promptViews: embeddings[index].views,
    difficulty: difficulties[index],
    embedderId: scorer.embedderId,
    source: item.source,
  }));
  for (let start = 0; start < rows.length; start += 500) {
    await db.insert(pendingImages).values(rows.slice(start, start + 500).map((row) => ({ imageKey: row.imageKey })));
  }

  let inserted: Array<{ id: string; imageKey: string }> = [];
  try {
    for (const [index, item] of fresh.entries()) await storage.put(rows[index].imageKey, await item.webp(), 'image/webp');
    inserted =
      rows.length === 0
        ? []
        : await db.transaction(async (tx) => {
            const done: Array<{ id: string; imageKey: string }> = [];
            for (let start = 0; start < rows.length; start += 200) {
              const slice = rows.slice(start, start + 200);
              done.push(
                ...(await tx
                  .insert(challenges)
                  .values(slice)
                  .onConflictDoNothing({ target: challenges.contentHash })
                  .returning({ id: challenges.id, imageKey: challenges.imageKey })),
              );
              await tx.delete(pendingImages).where(
                inArray(
                  pendingImages.imageKey,
                  slice.map((row) => row.imageKey),
                ),
              );
            }
            await inTransaction?.(tx as unknown as Db, done);
            return done;
          });
  } finally {
    // Images whose rows were not inserted (a concurrent import won, or the insert failed) are not referenced.
    const kept = new Set(inserted.map((row) => row.imageKey));
    const orphans = rows.filter((row) => !kept.has(row.imageKey)).map((row) => row.imageKey);
    await Promise.all(orphans.map((key) => storage.delete(key)));
    for (let start = 0; start < orphans.length; start += 500) {
      await db.delete(pendingImages).where(inArray(pendingImages.imageKey, orphans.slice(start, start + 500)));
    }
  }
  const stored = new Set(inserted.map((row) => row.imageKey));
  const hardToScore = rows
    .filter((row) => stored.has(row.imageKey) && isHardToScore(row.difficulty))
    .map((row) => ({ prompt: row.prompt, difficulty: row.difficulty! }));
  return { total: prepared.length, imported: inserted.length, skipped: prepared.length - inserted.length, hardToScore };
}

/**
 * Deletes images written by an import or generation that never committed (the process died between writing the
 * images and inserting their rows). Only journal entries older than `olderThanMs` are swept, so a running import on
 * another instance keeps its images. Returns how many orphan keys were removed (written or not).
 */
export async function sweepOrphanImages({ db, storage }: { db: Db; storage: ImageStorage }, olderThanMs = 60 * 60 * 1000): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanMs);
  const stale = await db.select({ imageKey: pendingImages.imageKey }).from(pendingImages).where(lt(pendingImages.createdAt, cutoff));
  let deleted = 0;
  for (let start = 0; start < stale.length; start += 500) {
    const keys = stale.slice(start, start + 500).map((row) => row.imageKey);
    const referenced = new Set(
      (await db.select({ imageKey: challenges.imageKey }).from(challenges).where(inArray(challenges.imageKey, keys))).map(
        (row) => row.imageKey,
      ),
    );
    for (const key of keys) {
      if (referenced.has(key)) continue;
      await storage.delete(key);
      deleted++;
    }
    await db.delete(pendingImages).where(and(inArray(pendingImages.imageKey, keys), lt(pendingImages.createdAt, cutoff)));
  }
  return deleted;
}

/**
 * Removes the temporary folders (IMPORT_STAGING_PREFIX, UPLOAD_STAGING_PREFIX) of imports whose process died before
 * its clean-up ran (SIGKILL, out of memory, power lost): a pack's worth of images each. Only those unchanged for
 * `olderThanMs`: the folder is shared by every server and command on the host, and another may be importing right now
 * (an import takes minutes, not hours). A folder that cannot be read or removed is left. Returns how many went.
 */
export async function sweepStaleImportFolders(olderThanMs = 6 * 60 * 60 * 1000): Promise<number> {
  const dir = tmpdir();
  const cutoff = Date.now() - olderThanMs;
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const entry of entries) {
    const ours = entry.name.startsWith(IMPORT_STAGING_PREFIX) || entry.name.startsWith(UPLOAD_STAGING_PREFIX);
    if (!ours || !entry.isDirectory()) continue;
    const folder = path.join(dir, entry.name);
    try {
      if ((await stat(folder)).mtimeMs >= cutoff) continue;
      await rm(folder, { recursive: true, force: true });
      removed++;
    } catch {
      // Gone already, or not ours to remove: left as it is.
    }
  }
  return removed;
}

/** How many challenges the pool holds (main.ts imports CHALLENGE_PACK only into an empty pool). */
export async function countChallenges(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(challenges);
  return Number(row.count);
}

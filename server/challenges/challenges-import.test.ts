import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challenges } from '../db/tables/challenges.tables';
import { repoRoot } from '../../scripts/paths';
import { generatedImage, importDemoPack, importPack, writePack, zipFiles } from '../../tests/support/game';
import { migratedDataDir } from '../../tests/support/data-dir';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';
import { HARD_TO_SCORE_BELOW } from '@contracts/admin-challenges.rules';
import { ChallengePackError, IMAGE_MAX_WIDTH } from './challenges-import.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const challengeCount = async () => (await t.database.db.select({ n: count() }).from(challenges))[0].n;
const storedImageCount = async () => (await readdir(path.join(t.env.dataDir, 'images')).catch(() => [])).length;

async function problemsOf(packPath: string): Promise<string[]> {
  const error = await importPack(t, packPath).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ChallengePackError);
  return (error as ChallengePackError).problems;
}

describe('importing the demo pack', () => {
  it('imports every pair once, with prompt embeddings and re-encoded images; re-importing adds nothing', async () => {
    const first = await importDemoPack(t);
    expect(first).toMatchObject({ total: 24, imported: 24, skipped: 0 });
    expect(await importDemoPack(t)).toMatchObject({ total: 24, imported: 0, skipped: 24, hardToScore: [] });
    const rows = await t.database.db.select().from(challenges);
    // Each challenge keeps how well short, natural descriptions of its prompt score on it; the import names the
    // ones on which a good description cannot score ("mountain man": "man" alone is far from it).
    for (const row of rows) expect(row.difficulty, row.prompt).toBeGreaterThanOrEqual(0);
    const hard = rows.filter((row) => row.difficulty! < HARD_TO_SCORE_BELOW);
    expect(first.hardToScore).toEqual(expect.arrayContaining(hard.map((row) => ({ prompt: row.prompt, difficulty: row.difficulty }))));
    expect(first.hardToScore).toHaveLength(hard.length);
    expect(first.hardToScore.map((item) => item.prompt)).toContain('mountain man');
    const difficultyOf = (prompt: string) => rows.find((row) => row.prompt === prompt)!.difficulty!;
    expect(difficultyOf('a photograph of an orange tabby cat sitting on a couch')).toBeGreaterThan(80);
    expect(rows).toHaveLength(24);
    for (const row of rows) {
      expect(row.embedderId).toBe(t.scorer.embedderId);
      expect(row.promptEmbedding).toHaveLength((await t.scorer.embed(['x']))[0].length);
      // The prompt's views are stored too, so no player's guess waits for them.
      expect(t.scorer.hasAllViews(row.prompt, row.promptViews), row.prompt).toBe(true);
      expect(row.imageKey).toMatch(/^[A-Za-z0-9_-]{22}\.webp$/);
      const image = await t.storage.get(row.imageKey);
      const metadata = await sharp(image!.bytes).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.width).toBeLessThanOrEqual(IMAGE_MAX_WIDTH);
      expect(metadata.exif).toBeUndefined();
    }
    expect(await storedImageCount()).toBe(24);
    // The demo pack has long and styled prompts: their views are really there, one vector each.
    const views = rows.flatMap((row) => Object.values(row.promptViews!));
    expect(views.length).toBeGreaterThan(5);
    for (const vector of views) expect(vector).toHaveLength(rows[0].promptEmbedding!.length);
  });
});

describe('pack validation', () => {
  it('reports every problem and imports nothing from a half-broken pack', async () => {
    const before = await challengeCount();
    const imagesBefore = await storedImageCount();
    const good = await generatedImage(901);
    const { dir } = await writePack({
      entries: [
        { file: 'images/ok.png', prompt: 'a perfectly fine prompt about a lighthouse' },
        { file: 'images/missing.png', prompt: 'an image that is not there' },
        { file: 'images/not-an-image.png', prompt: 'a text file pretending to be an image' },
        { file: 'images/ok2.png', prompt: '   ' },
        { file: 'images/ok3.png', prompt: 'p'.repeat(501) },
        { file: 'images/ok4.png', prompt: 'A Perfectly  fine prompt about a LIGHTHOUSE' },
        { file: 'images/ok.png', prompt: 'the same file used twice' },
        { file: '../outside.png', prompt: 'a path leaving the pack' },
        'just a string',
        { file: 'images/ok5.png' },
        { file: 'images/ok6.png', prompt: 'same bytes as the first image' },
      ],
      files: {
        'images/ok.png': good,
        'images/not-an-image.png': 'hello, I am text',
        'images/ok2.png': await generatedImage(902),
        'images/ok3.png': await generatedImage(903),
        'images/ok4.png': await generatedImage(904),
        'images/ok5.png': await generatedImage(905),
        'images/ok6.png': good,
      },
    });
    const problems = await problemsOf(dir);
    expect(problems).toEqual([
      'entry 2 (images/missing.png): image file not found in the pack',
      'entry 3 (images/not-an-image.png): not a readable image',
      'entry 4 (images/ok2.png): prompt is empty',
      'entry 5 (images/ok3.png): prompt is 501 characters (at most 500)',
      'entry 6 (images/ok4.png): same prompt as entry 1',
      'entry 7 (images/ok.png): same image file as entry 1',
      'entry 8 (../outside.png): file path must stay inside the pack',
      'entry 9: must be an object with "file" and "prompt"',
      'entry 10 (images/ok5.png): "prompt" is missing or not text',
      'entry 11 (images/ok6.png): same image as entry 1',
    ]);
    expect(await challengeCount()).toBe(before);
    expect(await storedImageCount()).toBe(imagesBefore);
    await rm(dir, { recursive: true });
  });

  it('explains a missing, unreadable or empty manifest', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gg-pack-'));
    expect(await problemsOf(dir)).toEqual(['manifest.json is missing from the pack root']);
    await writeFile(path.join(dir, 'manifest.json'), '[{"file": ');
    expect((await problemsOf(dir))[0]).toMatch(/^manifest.json is not valid JSON/);
    await writeFile(path.join(dir, 'manifest.json'), '{"file": "a.png", "prompt": "x"}');
    expect(await problemsOf(dir)).toEqual(['manifest.json must be a JSON array of {"file", "prompt"} entries']);
    await writeFile(path.join(dir, 'manifest.json'), '[]');
    expect(await problemsOf(dir)).toEqual(['manifest.json lists no challenges']);
    await expect(importPack(t, path.join(dir, 'nope'))).rejects.toThrow(/Challenge pack not found/);
    await rm(dir, { recursive: true });
  });

  it('resizes large images to the column width', async () => {
    const big = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 10, g: 200, b: 90 } } })
      .png()
      .toBuffer();
    const { dir } = await writePack({
      entries: [{ file: 'big.png', prompt: 'a very wide green field under a clear sky' }],
      files: { 'big.png': big },
    });
    expect(await importPack(t, dir)).toMatchObject({ imported: 1 });
    const [row] = (await t.database.db.select().from(challenges)).filter((c) => c.prompt.startsWith('a very wide green field'));
    const metadata = await sharp((await t.storage.get(row.imageKey))!.bytes).metadata();
    expect([metadata.width, metadata.height]).toEqual([IMAGE_MAX_WIDTH, 484]);
  });
});

describe('zip packs', () => {
  it('imports from a zip (also when wrapped in a folder), and adds nothing already imported', async () => {
    const pack = await writePack({ count: 3, label: 'zip' });
    const zipDir = await mkdtemp(path.join(tmpdir(), 'gg-zip-'));
    const flat = path.join(zipDir, 'flat.zip');
    await writeFile(flat, zipFiles(pack.files));
    expect(await importPack(t, flat)).toMatchObject({ total: 3, imported: 3, skipped: 0 });
    const wrapped = path.join(zipDir, 'wrapped.zip');
    await writeFile(
      wrapped,
      zipFiles(Object.fromEntries(Object.entries(pack.files).map(([name, content]) => [`my-pack/${name}`, content]))),
    );
    expect(await importPack(t, wrapped)).toMatchObject({ total: 3, imported: 0, skipped: 3, hardToScore: [] });
    expect(await importPack(t, pack.dir)).toMatchObject({ total: 3, imported: 0, skipped: 3, hardToScore: [] });

    const broken = path.join(zipDir, 'broken.zip');
    await writeFile(broken, 'PK not really a zip');
    await expect(importPack(t, broken)).rejects.toThrow(/not a readable zip file/);
    await rm(zipDir, { recursive: true });
  });
});

describe('image serving', () => {
  it('serves stored images with long cache headers; unknown or malformed keys are 404', async () => {
    const [row] = await t.database.db.select().from(challenges).limit(1);
    const image = await request(t.app, { method: 'GET', url: `/api/images/${row.imageKey}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.rawPayload.equals((await t.storage.get(row.imageKey))!.bytes)).toBe(true);

    for (const key of ['AAAAAAAAAAAAAAAAAAAAAA.webp', '..%2F..%2Fetc%2Fpasswd', 'manifest.json', '%2e%2e']) {
      const missing = await request(t.app, { method: 'GET', url: `/api/images/${key}` });
      expect(missing.statusCode, key).toBe(404);
      expect(missing.json().code).toMatch(/NOT_FOUND/);
    }
  });
});

describe('the import command', () => {
  it.skipIf(process.env.TEST_DB === 'postgres')(
    'prints a summary, or every problem with a non-zero exit',
    async () => {
      // Two runs of the command, each a fresh process that loads the scorer: minutes on a busy shared machine. The folder
      // holds a migrated database already (a first start on an empty one is the clone test's and admin:create's subject).
      const dataDir = migratedDataDir('gg-cli-');
      const run = (pack: string) =>
        promisify(execFile)(process.execPath, ['scripts/cli.mjs', 'challenges-import', pack], {
          cwd: repoRoot,
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
        }).then(
          (result) => ({ code: 0, ...result }),
          (error: { code: number; stdout: string; stderr: string }) => error,
        );
      // A small generated pack: re-encoding the 24 starter images is the in-process import's subject above.
      const good = await writePack({ count: 3, label: 'cli' });
      const ok = await run(good.dir);
      expect(ok.stdout).toContain('Imported 3 challenges, skipped 0 already present (3 in the pack).');
      const bad = await writePack({ entries: [{ file: 'nope.png', prompt: '' }] });
      const failed = await run(bad.dir);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain('nothing was imported');
      expect(failed.stderr).toContain('entry 1 (nope.png): prompt is empty');
      expect(failed.stderr).toContain('entry 1 (nope.png): image file not found in the pack');
      await rm(dataDir, { recursive: true });
    },
    240_000,
  );
});

/** The model's integrity check: every file is hashed before use, and a corrupted one stops start-up. */
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadVerifiedMiniLm, MINILM_SHA256, miniLmAssetPaths, ModelIntegrityError, sha256, type MiniLmAssetPaths } from './minilm.assets';
import { MiniLmEmbedder } from './minilm.embedder';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'gg-minilm-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A copy of one asset with a single byte flipped, and the paths that point at it. */
async function corrupted(asset: keyof MiniLmAssetPaths): Promise<MiniLmAssetPaths> {
  const paths = miniLmAssetPaths();
  const copy = path.join(dir, `${asset}-${path.basename(paths[asset])}`);
  await copyFile(paths[asset], copy);
  const bytes = await readFile(copy);
  bytes[Math.floor(bytes.length / 2)] ^= 0xff;
  await writeFile(copy, bytes);
  return { ...paths, [asset]: copy };
}

describe('MiniLM model files', () => {
  it('the installed files match the pinned hashes', async () => {
    const paths = miniLmAssetPaths();
    for (const asset of Object.keys(MINILM_SHA256) as Array<keyof MiniLmAssetPaths>) {
      expect(sha256(await readFile(paths[asset])), asset).toBe(MINILM_SHA256[asset]);
    }
    const model = loadVerifiedMiniLm();
    expect(model.paths).toEqual(paths);
    expect(model.maxTokens).toBe(256);
  });

  for (const asset of ['weights', 'tokenizer', 'config', 'wasm', 'engine'] as const) {
    it(`a corrupted ${asset} file fails loudly, naming the file`, async () => {
      const paths = await corrupted(asset);
      expect(() => loadVerifiedMiniLm(paths)).toThrow(ModelIntegrityError);
      expect(() => loadVerifiedMiniLm(paths)).toThrow(new RegExp(`${asset}.*sha256`));
    });
  }

  it('start-up with a corrupted weight file rejects before any worker runs the model', async () => {
    const paths = await corrupted('weights');
    await expect(async () => MiniLmEmbedder.load({ threads: 1 }, loadVerifiedMiniLm(paths))).rejects.toThrow(ModelIntegrityError);
  });

  for (const engine of ['onnx-int8', 'onnx', 'wasm'] as const) {
    it(`the ${engine} worker checks the files it reads itself: one changed after start-up is refused, not run`, async () => {
      const paths = await corrupted('weights');
      // Checked before the file changed (hashes of the good copy), read by the worker after.
      const checked = { paths, sha256: MINILM_SHA256, maxTokens: 256 };
      await expect(MiniLmEmbedder.load({ engine, threads: 1 }, checked)).rejects.toThrow(/weights.*sha256/);
    });
  }
});

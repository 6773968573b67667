/**
 * The two engines that run all-MiniLM-L6-v2: the native ONNX one (default) must give the vectors of the WASM engine
 * it replaced, so stored prompt embeddings stay valid and scores don't move. Both run the real model here.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadVerifiedMiniLm, miniLmAssetPaths } from './minilm.assets';
import { MiniLmEmbedder } from './minilm.embedder';
import { buildMiniLmOnnx, readSafetensors } from './minilm.onnx-graph.mjs';

const texts = [
  'a high quality photo of an astronaut riding a dragon in space',
  'dragon',
  'Café Müller — naïve façade, 東京 tower!! 🚀',
  'pond with waterlillies, impressionist oil painting, soft morning light',
  'x',
  // Past the model's 256-token limit: both engines cut it the same way.
  Array.from({ length: 300 }, (_, i) => `word${i % 37}`).join(' '),
];
const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => Array.from(a).reduce((sum, value, i) => sum + value * b[i], 0);

let onnx: MiniLmEmbedder;
let wasm: MiniLmEmbedder;
beforeAll(async () => {
  const model = loadVerifiedMiniLm();
  [onnx, wasm] = await Promise.all([
    MiniLmEmbedder.load({ engine: 'onnx' }, model),
    MiniLmEmbedder.load({ engine: 'wasm', threads: 1 }, model),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([onnx?.close(), wasm?.close()]);
});

describe('MiniLM engines', () => {
  it('the ONNX engine runs in one worker by default, the WASM engine on every core unless told', () => {
    expect(onnx.pool.threads).toBe(1);
    expect(wasm.pool.threads).toBe(1);
  });

  it('give the same unit vectors for every text (cosine ≥ 0.99999), batched or alone', async () => {
    const batched = await onnx.embed(texts);
    const alone = await Promise.all(texts.map(async (text) => (await onnx.embed([text]))[0]));
    const reference = await wasm.embed(texts);
    texts.forEach((text, i) => {
      expect(batched[i]).toHaveLength(384);
      expect(Math.abs(dot(batched[i], batched[i]) - 1), text).toBeLessThan(1e-5);
      expect(dot(batched[i], reference[i]), text).toBeGreaterThan(0.99999);
      expect(dot(alone[i], reference[i]), text).toBeGreaterThan(0.99999);
    });
    // And it is a real model: unrelated texts are far apart, related ones close.
    const [astronaut, spaceman, soup] = await onnx.embed([
      'an astronaut riding a horse',
      'a spaceman on horseback',
      'a bowl of tomato soup',
    ]);
    expect(dot(astronaut, spaceman)).toBeGreaterThan(0.6);
    expect(dot(astronaut, soup)).toBeLessThan(0.2);
  });
});

describe('buildMiniLmOnnx', () => {
  it('reads every tensor of the shipped safetensors and refuses weights that lack one', () => {
    const bytes = new Uint8Array(readFileSync(miniLmAssetPaths().weights));
    const config = JSON.parse(readFileSync(miniLmAssetPaths().config, 'utf8'));
    const tensors = readSafetensors(bytes);
    expect(tensors.get('embeddings.word_embeddings.weight')?.shape).toEqual([30522, 384]);
    expect(buildMiniLmOnnx(bytes, config).byteLength).toBeGreaterThan(60_000_000);
    expect(() => buildMiniLmOnnx(bytes, { ...config, num_hidden_layers: 7 })).toThrow(/encoder\.layer\.6/);
  });
});

/**
 * The engines that run all-MiniLM-L6-v2: the native full-precision ONNX one must give the vectors of the WASM engine
 * it replaced; the int8 one (the default, decision 048) vectors close to them, and the same order of guesses.
 * All run the real model here.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadVerifiedMiniLm, MINILM_BUILT_SHA256, miniLmAssetPaths, sha256, type MiniLmModelFiles } from './minilm.assets';
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

let int8: MiniLmEmbedder;
let onnx: MiniLmEmbedder;
let wasm: MiniLmEmbedder;
beforeAll(async () => {
  const model = loadVerifiedMiniLm();
  [int8, onnx, wasm] = await Promise.all([
    MiniLmEmbedder.load({}, model),
    MiniLmEmbedder.load({ engine: 'onnx' }, model),
    MiniLmEmbedder.load({ engine: 'wasm', threads: 1 }, model),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([int8?.close(), onnx?.close(), wasm?.close()]);
});

describe('MiniLM engines', () => {
  it('the ONNX engines run in one worker by default, the WASM engine on every core unless told', () => {
    expect(int8.pool.threads).toBe(1);
    expect(onnx.pool.threads).toBe(1);
    expect(wasm.pool.threads).toBe(1);
  });

  it('int8 is the default, under an id of its own so that full-precision prompt vectors are not mixed with it', () => {
    expect(int8.id).toBe('minilm-l6-v2-int8');
    expect(onnx.id).toBe('minilm-l6-v2');
    expect(wasm.id).toBe('minilm-l6-v2');
  });

  it('int8 gives vectors close to full precision, not the same ones, and ranks guesses as full precision does', async () => {
    const quantized = await int8.embed(texts);
    const reference = await onnx.embed(texts);
    texts.forEach((text, i) => {
      expect(Math.abs(dot(quantized[i], quantized[i]) - 1), text).toBeLessThan(1e-5);
      expect(dot(quantized[i], reference[i]), text).toBeGreaterThan(0.95);
    });
    // Quantization is really on: some vector moved by more than rounding would move it.
    expect(Math.min(...texts.map((_, i) => dot(quantized[i], reference[i])))).toBeLessThan(0.9999);
    const prompt = 'a red fox sleeping in the snow under pine trees';
    const guesses = ['a fox asleep in snowy woods', 'a red fox', 'a sleeping dog', 'snow', 'a bowl of soup'];
    const order = async (engine: MiniLmEmbedder) => {
      const [p, ...g] = await engine.embed([prompt, ...guesses]);
      return guesses.map((guess, i) => ({ guess, cosine: dot(p, g[i]) })).sort((a, b) => b.cosine - a.cosine);
    };
    const [byInt8, byFull] = await Promise.all([order(int8), order(onnx)]);
    expect(byInt8.map((row) => row.guess)).toEqual(byFull.map((row) => row.guess));
    byInt8.forEach((row, i) => expect(Math.abs(row.cosine - byFull[i].cosine), row.guess).toBeLessThan(0.03));
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
    const fp32 = buildMiniLmOnnx(bytes, config);
    expect(fp32.byteLength).toBeGreaterThan(60_000_000);
    // int8: the linear layers' weights a quarter of their fp32 size (the fp16 word table is unchanged).
    const int8 = buildMiniLmOnnx(bytes, config, { int8: true });
    expect(int8.byteLength).toBeLessThan(45_000_000);
    // The same bytes at every build, on every Node line: the ones recorded for the cache (re-record them when the
    // builder changes on purpose).
    expect({ onnx: sha256(fp32), 'onnx-int8': sha256(int8) }).toEqual(MINILM_BUILT_SHA256);
    expect(() => buildMiniLmOnnx(bytes, { ...config, num_hidden_layers: 7 })).toThrow(/encoder\.layer\.6/);
  });
});

describe('the built model kept for the next start', () => {
  let cacheDir: string;
  beforeAll(async () => {
    cacheDir = await mkdtemp(path.join(tmpdir(), 'gg-model-cache-'));
  });
  afterAll(async () => {
    await rm(cacheDir, { recursive: true, force: true });
  });
  const cached = () => path.join(cacheDir, `minilm-onnx-int8-${MINILM_BUILT_SHA256['onnx-int8']}.onnx`);
  const vectorOf = async (model: MiniLmModelFiles) => {
    const embedder = await MiniLmEmbedder.load({ threads: 1 }, model);
    try {
      return (await embedder.embed([texts[0]]))[0];
    } finally {
      await embedder.close();
    }
  };

  it('is written at the first start, run at the next without the weights, and built again when damaged', async () => {
    const model = loadVerifiedMiniLm(miniLmAssetPaths(), undefined, cacheDir);
    const built = await vectorOf(model);
    expect(sha256(await readFile(cached()))).toBe(MINILM_BUILT_SHA256['onnx-int8']);
    expect(await readdir(cacheDir)).toEqual([path.basename(cached())]);

    // The next start reads the kept model: the weights (checked at start-up) are not read again.
    const withoutWeights = { ...model, paths: { ...model.paths, weights: path.join(cacheDir, 'no-such-weights') } };
    expect(Array.from(await vectorOf(withoutWeights))).toEqual(Array.from(built));

    // A kept model that is not the recorded one is never run: it is built from the weights again and replaced.
    const damaged = await readFile(cached());
    damaged[Math.floor(damaged.length / 2)] ^= 0xff;
    await writeFile(cached(), damaged);
    await expect(vectorOf(withoutWeights)).rejects.toThrow(/no-such-weights/);
    expect(Array.from(await vectorOf(model))).toEqual(Array.from(built));
    expect(sha256(await readFile(cached()))).toBe(MINILM_BUILT_SHA256['onnx-int8']);
  });
});

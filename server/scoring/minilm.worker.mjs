// Worker thread of the scoring pool (plain JS so it runs the same under tsx, vitest and node). Builds one
// all-MiniLM-L6-v2 engine from the verified bytes in workerData and embeds the batches it is handed:
// - engine 'onnx-int8' (default) and 'onnx': the weights as an ONNX graph (minilm.onnx-graph.mjs) run natively by
//   onnxruntime-node, tokenised by @huggingface/tokenizers from the package's tokenizer.json. A batch is one padded
//   forward pass. 'onnx-int8' quantizes the linear layers' weights to int8 (decision 048), 'onnx' keeps them fp32.
//   A graph built before is read from the install's cache instead when it has the recorded sha256 (minilm.assets.ts).
// - engine 'wasm': the single-threaded candle WASM engine of @lat.md/embed, one forward pass per text.
// 'onnx' and 'wasm' give the same vectors (cosine ≥ 0.99999), 'onnx-int8' close ones (minilm.engines.unit.test.ts).
// See docs/decisions/022-native-scoring-engine.md and 048-int8-scoring-model.md.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { threadId, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const model = workerData;

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** One of the model's files, refused unless it still has the sha256 the main thread checked at start-up. */
function read(asset) {
  const file = model.paths[asset];
  const bytes = new Uint8Array(readFileSync(file));
  const actual = sha256(bytes);
  if (actual !== model.sha256[asset])
    throw new Error(`scoring model file ${asset} (${file}) has sha256 ${actual}, expected ${model.sha256[asset]}`);
  return bytes;
}
const decode = (bytes) => JSON.parse(new TextDecoder().decode(bytes));

/**
 * A full collection, now. Building the graph leaves ~180 MB of garbage (the safetensors bytes, fp32 copies of the
 * weights) and then the encoded model; V8 would collect them at some later point, after onnxruntime has made its own
 * copies, so both add up in the worker's peak (less RSS idle and at the peak: docs/benchmarks-history.md → "Server memory and overload").
 */
function collectGarbage() {
  setFlagsFromString('--expose-gc');
  runInNewContext('gc')();
}

/** Where this engine's built model is kept (minilm.assets.ts, MINILM_BUILT_SHA256), if anywhere. */
function cacheFile() {
  const expected = model.builtSha256?.[model.engine];
  return model.cacheDir && expected ? path.join(model.cacheDir, `minilm-${model.engine}-${expected}.onnx`) : undefined;
}

/** The model built before, when the cache holds it with the recorded sha256; otherwise undefined (build it). */
function cachedModel() {
  const file = cacheFile();
  if (!file) return undefined;
  let bytes;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  return sha256(bytes) === model.builtSha256[model.engine] ? bytes : undefined;
}

/**
 * Keeps a freshly built model for the next start when it is the recorded one: written beside, then renamed, so a reader
 * never sees half a file (several workers or servers may build at once). A cache that cannot be written is no error.
 */
function keep(built) {
  const file = cacheFile();
  if (!file || sha256(built) !== model.builtSha256[model.engine]) return built;
  const partial = `${file}.${process.pid}-${threadId}.partial`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(partial, built);
    renameSync(partial, file);
  } catch {
    try {
      rmSync(partial, { force: true });
    } catch {
      // Nothing was left, or nothing can be removed here: either way the model runs as built.
    }
  }
  return built;
}

async function onnxEngine() {
  const ort = require('onnxruntime-node');
  const { Tokenizer } = await import('@huggingface/tokenizers');
  const config = decode(read('config'));
  let onnxModel = cachedModel();
  if (!onnxModel) {
    const { buildMiniLmOnnx } = await import('./minilm.onnx-graph.mjs');
    onnxModel = keep(buildMiniLmOnnx(read('weights'), config, { int8: model.engine === 'onnx-int8' }));
  }
  // Only the encoded model is still needed: drop the build's (or the read's) garbage before onnxruntime makes its copies.
  collectGarbage();
  const session = await ort.InferenceSession.create(onnxModel, {
    intraOpNumThreads: model.intraOpThreads ?? 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // The arena keeps the largest batch's activations allocated (tens of MB) and reuses them. Without it every
    // activation is a malloc/free of up to several MB, which the server's fixed mmap threshold (serverMallocEnv in
    // scripts/build-server.mjs) turns into a fresh mapping each time: at 140 guesses/s offered, 57/s were served
    // instead of 105/s (docs/benchmarks-history.md → decision 026).
    enableCpuMemArena: true,
  });
  onnxModel = undefined;
  // The package's tokenizer.json pads and truncates to 128 for training; here a text is cut at maxTokens and a
  // batch is padded to its longest text, as the WASM engine does.
  const tokenizer = new Tokenizer(decode(read('tokenizer')), {});
  const hidden = config.hidden_size;
  return async function embedBatch(texts) {
    const encoded = texts.map((text) => {
      const ids = tokenizer.encode(text).ids;
      // Keep [SEP] at the end of a cut text, as truncation in the tokenizer would.
      return ids.length <= model.maxTokens ? ids : [...ids.slice(0, model.maxTokens - 1), ids.at(-1)];
    });
    const batch = encoded.length;
    const tokens = Math.max(...encoded.map((ids) => ids.length));
    const inputIds = new BigInt64Array(batch * tokens);
    const mask = new BigInt64Array(batch * tokens);
    encoded.forEach((ids, b) =>
      ids.forEach((id, t) => {
        inputIds[b * tokens + t] = BigInt(id);
        mask[b * tokens + t] = 1n;
      }),
    );
    const output = await session.run({
      input_ids: new ort.Tensor('int64', inputIds, [batch, tokens]),
      attention_mask: new ort.Tensor('int64', mask, [batch, tokens]),
    });
    const states = output.last_hidden_state.data;
    // Mean over the text's own tokens, then unit length (sentence-transformers' pooling for this model).
    return encoded.map((ids, b) => {
      const vector = new Float32Array(hidden);
      for (let t = 0; t < ids.length; t++) {
        const row = (b * tokens + t) * hidden;
        for (let d = 0; d < hidden; d++) vector[d] += states[row + d];
      }
      let norm = 0;
      for (let d = 0; d < hidden; d++) norm += vector[d] * vector[d];
      norm = Math.sqrt(norm) || 1;
      for (let d = 0; d < hidden; d++) vector[d] /= norm;
      return vector;
    });
  };
}

function wasmEngine() {
  read('engine');
  read('wasm');
  const { Embedder } = require(model.paths.engine);
  const engine = new Embedder(read('weights'), read('tokenizer'), read('config'), model.maxTokens);
  // One forward pass per text: no padding waste, bit-identical to embedding alone.
  return async (texts) => texts.map((text) => Float32Array.from(engine.embed([text])[0]));
}

const engine = model.engine === 'wasm' ? wasmEngine() : await onnxEngine();
// The encoded model is garbage once onnxruntime holds the session: collect it now rather than at some later
// collection an idle worker may never reach.
collectGarbage();

/** texts: string[] -> one unit-length Float32Array per text. */
export default function embed(texts) {
  return engine(texts);
}

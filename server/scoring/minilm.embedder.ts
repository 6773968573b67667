/**
 * all-MiniLM-L6-v2 (the default scorer model) in a pool of worker threads. The model bytes are sha256-verified
 * once on the main thread (minilm.assets.ts) and shared with the workers, so what runs is exactly what was checked.
 * Engine 'onnx-int8' (default) runs the weights natively through onnxruntime-node with its linear layers quantized to
 * int8 (about half the CPU per guess, the same ranking of guesses: decision 048); engine 'onnx' runs them in full
 * precision. One worker is enough (a batch of 16 short guesses takes a few ms) and holds the only copy of the model.
 * Engine 'wasm' runs @lat.md/embed's WASM engine (full precision, the vectors of 'onnx'), one per core. Choice and
 * measurements: docs/decisions/012-minilm-scoring-model.md, 022-native-scoring-engine.md and
 * 048-int8-scoring-model.md.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { EmbedOptions, Embedder } from './embedder';
import { EmbeddingPool, type EmbeddingPoolOptions } from './embedding-pool';
import { loadVerifiedMiniLm, MINILM_EMBEDDER_ID, MINILM_INT8_EMBEDDER_ID, type MiniLmModelFiles } from './minilm.assets';

export type MiniLmEngine = 'onnx-int8' | 'onnx' | 'wasm';
export type MiniLmPoolOptions = Omit<EmbeddingPoolOptions, 'filename' | 'workerData'> & {
  engine?: MiniLmEngine;
  /** onnx engines only: threads one forward pass may use (default 1: with one worker, the other cores serve requests). */
  intraOpThreads?: number;
};

export class MiniLmEmbedder implements Embedder {
  private constructor(
    readonly pool: EmbeddingPool,
    readonly id: string,
  ) {}

  /** Verifies the files, starts the workers and warms every one of them up. */
  static async load(
    { engine = 'onnx-int8', intraOpThreads = 1, ...options }: MiniLmPoolOptions = {},
    model: MiniLmModelFiles = loadVerifiedMiniLm(),
  ): Promise<MiniLmEmbedder> {
    const pool = new EmbeddingPool({
      // No batching window: at a booth's usual load the worker is free and a guess goes to it at once; past that,
      // guesses wait while it is busy and go together when it finishes (docs/decisions/045).
      batchWindowMs: 0,
      ...options,
      threads: options.threads ?? (engine === 'wasm' ? availableParallelism() : 1),
      filename: fileURLToPath(new URL('./minilm.worker.mjs', import.meta.url)),
      workerData: { ...model, engine, intraOpThreads },
    });
    // Int8 vectors are close to the full-precision ones but not the same: prompts stored under the other id are
    // embedded again by the engine that scores their guesses (game.guess.ts).
    const embedder = new MiniLmEmbedder(pool, engine === 'onnx-int8' ? MINILM_INT8_EMBEDDER_ID : MINILM_EMBEDDER_ID);
    try {
      // One batch per worker: the first forward pass in each engine is several times slower.
      await Promise.all(Array.from({ length: pool.threads }, (_, i) => pool.embed([`warm up worker ${i}`], { bounded: false })));
    } catch (error) {
      await pool.close();
      throw error;
    }
    return embedder;
  }

  embed(texts: string[], options?: EmbedOptions): Promise<Float32Array[]> {
    return this.pool.embed(texts, { bounded: options?.bounded ?? false, first: options?.first ?? false });
  }

  queued(): number {
    return this.pool.stats().queued;
  }

  queueLimit(): number {
    return this.pool.stats().maxQueued;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/**
 * all-MiniLM-L6-v2 (the default scorer model) in a pool of worker threads, one WASM engine each.
 * The model bytes are sha256-verified once on the main thread (minilm.assets.ts) and shared
 * with the workers, so what runs is exactly what was checked. Choice and measurements:
 * docs/decisions/012-minilm-scoring-model.md.
 */
import { fileURLToPath } from 'node:url';
import type { Embedder } from './embedder';
import { EmbeddingPool, type EmbeddingPoolOptions } from './embedding-pool';
import { loadVerifiedMiniLm, MINILM_EMBEDDER_ID, type MiniLmModelBytes } from './minilm.assets';

export type MiniLmPoolOptions = Omit<EmbeddingPoolOptions, 'filename' | 'workerData'>;

export class MiniLmEmbedder implements Embedder {
  readonly id = MINILM_EMBEDDER_ID;

  private constructor(readonly pool: EmbeddingPool) {}

  /** Verifies the files, starts the workers and warms every one of them up. */
  static async load(options: MiniLmPoolOptions = {}, model: MiniLmModelBytes = loadVerifiedMiniLm()): Promise<MiniLmEmbedder> {
    const pool = new EmbeddingPool({
      ...options,
      filename: fileURLToPath(new URL('./minilm.worker.mjs', import.meta.url)),
      workerData: model,
    });
    const embedder = new MiniLmEmbedder(pool);
    try {
      // One batch per worker: the first forward pass in each engine is several times slower.
      await Promise.all(Array.from({ length: pool.threads }, (_, i) => pool.embed([`warm up worker ${i}`], { bounded: false })));
    } catch (error) {
      await pool.close();
      throw error;
    }
    return embedder;
  }

  async embed(texts: string[], options?: { bounded?: boolean }): Promise<number[][]> {
    const vectors = await this.pool.embed(texts, { bounded: options?.bounded ?? false });
    return vectors.map((vector) => Array.from(vector));
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

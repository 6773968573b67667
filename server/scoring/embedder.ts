/**
 * An embedding as a provider hands it over: a plain array (remote APIs) or the model worker's Float32Array, used as it
 * came for a guess's cosines (no copy per guess); what is stored is made a plain array first (Scorer.embed).
 */
export type EmbeddingVector = readonly number[] | Float32Array;

/** How a text waits for a local model (its worker pool's queue). */
export interface EmbedOptions {
  /** Play-time work (guesses): may be refused with ScoringBusyError past the queue limit. */
  bounded?: boolean;
  /** Ahead of every text already waiting (readiness probes). Default false. */
  first?: boolean;
}

/** A text-embedding provider. Vectors are L2-normalised so cosine similarity is a dot product. */
export interface Embedder {
  /** Stable identifier stored next to persisted embeddings, e.g. 'minilm-l6-v2' or 'openai:text-embedding-3-small'. */
  readonly id: string;
  /** Local models queue texts (EmbedOptions); a remote model has no queue of ours and ignores the options. */
  embed(texts: string[], options?: EmbedOptions): Promise<EmbeddingVector[]>;
  /** Stops worker threads, if any. */
  close?(): Promise<void>;
  /** Texts waiting for a worker (local models); read by GET /metrics. */
  queued?(): number;
  /** How many texts may wait before play-time work is refused (local models). */
  queueLimit?(): number;
}

export function l2Normalise(vector: ArrayLike<number>): number[] {
  let sumOfSquares = 0;
  for (let i = 0; i < vector.length; i++) sumOfSquares += vector[i] * vector[i];
  const norm = Math.sqrt(sumOfSquares);
  const out = new Array<number>(vector.length);
  for (let i = 0; i < vector.length; i++) out[i] = norm > 0 ? vector[i] / norm : 0;
  return out;
}

/** Cosine of two L2-normalised vectors (their dot product), clamped to [-1, 1]. */
export function cosineOfNormalised(a: EmbeddingVector, b: EmbeddingVector): number {
  if (a.length !== b.length) throw new Error(`embedding length mismatch: ${a.length} vs ${b.length}`);
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i] * b[i];
  return Math.max(-1, Math.min(1, dot));
}

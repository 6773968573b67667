/** Which embedding provider scores guesses. The variables are validated (and defaulted) once, by loadEnv in server/env.ts. */
import type { Env } from '../env';

export interface LocalPoolConfig {
  /** 'onnx-int8': native onnxruntime, int8 weights (default); 'onnx': the same in full precision; 'wasm': @lat.md/embed. */
  engine?: 'onnx-int8' | 'onnx' | 'wasm';
  /** Worker threads (default: 1 for the onnx engines, available parallelism for wasm). */
  workers?: number;
  /** Guesses allowed to wait before ScoringBusyError. */
  queueLimit?: number;
}

export type ScoringConfig =
  | ({ provider: 'minilm' } & LocalPoolConfig)
  | { provider: 'openai'; baseUrl: string; apiKey?: string; model: string };

export type ScoringEnv = Pick<
  Env,
  | 'SCORING_PROVIDER'
  | 'SCORING_ENGINE'
  | 'SCORING_WORKERS'
  | 'SCORING_QUEUE_LIMIT'
  | 'OPENAI_BASE_URL'
  | 'OPENAI_API_KEY'
  | 'OPENAI_EMBEDDING_MODEL'
>;

export function scoringConfigFrom(env: ScoringEnv): ScoringConfig {
  if (env.SCORING_PROVIDER === 'minilm')
    return { provider: 'minilm', engine: env.SCORING_ENGINE, workers: env.SCORING_WORKERS, queueLimit: env.SCORING_QUEUE_LIMIT };
  return { provider: 'openai', baseUrl: env.OPENAI_BASE_URL, apiKey: env.OPENAI_API_KEY, model: env.OPENAI_EMBEDDING_MODEL };
}

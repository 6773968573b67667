/**
 * Embeddings from any OpenAI-compatible `POST {baseUrl}/embeddings` endpoint
 * (OpenAI, Azure-style proxies, vLLM, Ollama, LM Studio, text-embeddings-inference...).
 */
import { z } from 'zod';
import { l2Normalise, type Embedder } from './embedder';

export interface OpenAiEmbedderOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Per-request timeout; embeddings are on the guess hot path so fail fast. */
  timeoutMs?: number;
  /** Inputs per request; OpenAI accepts up to 2048, smaller keeps request bodies modest. */
  maxBatch?: number;
}

const embeddingsResponseSchema = z.object({
  data: z.array(z.object({ embedding: z.array(z.number()), index: z.number().int().nonnegative() })),
});

export class OpenAiEmbeddingError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'OpenAiEmbeddingError';
  }
}

export class OpenAiEmbedder implements Embedder {
  readonly id: string;
  private readonly endpoint: string;
  private readonly timeoutMs: number;
  private readonly maxBatch: number;

  constructor(private readonly options: OpenAiEmbedderOptions) {
    this.id = `openai:${options.model}`;
    this.endpoint = `${options.baseUrl.replace(/\/+$/, '')}/embeddings`;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.maxBatch = options.maxBatch ?? 256;
  }

  async embed(texts: string[]): Promise<number[][]> {
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += this.maxBatch) out.push(...(await this.request(texts.slice(i, i + this.maxBatch))));
    return out;
  }

  private async request(input: string[]): Promise<number[][]> {
    if (input.length === 0) return [];
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: this.options.model, input }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? `timed out after ${this.timeoutMs} ms` : String(error);
      throw new OpenAiEmbeddingError(`embedding request to ${this.endpoint} failed: ${reason}`);
    }
    if (!response.ok) {
      const body = (await response.text().catch(() => '')).slice(0, 500);
      throw new OpenAiEmbeddingError(`embedding request to ${this.endpoint} returned HTTP ${response.status}: ${body}`, response.status);
    }
    const parsed = embeddingsResponseSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new OpenAiEmbeddingError(`embedding response from ${this.endpoint} is malformed: ${parsed.error.message}`);
    const vectors = new Array<number[]>(input.length);
    for (const item of parsed.data.data) {
      if (item.index < input.length) vectors[item.index] = l2Normalise(item.embedding);
    }
    // A plain loop: .some() would skip the holes left by missing indices.
    for (let i = 0; i < input.length; i++) {
      if (vectors[i] !== undefined) continue;
      throw new OpenAiEmbeddingError(
        `embedding response from ${this.endpoint} has ${parsed.data.data.length} vectors for ${input.length} inputs`,
      );
    }
    return vectors;
  }
}

import type { Embedder, EmbeddingVector } from '../../server/scoring/embedder';

/**
 * The real model underneath, each distinct text embedded once: for benches that score the same texts under many
 * candidate parameters, which then score from memory.
 */
export function embedOnce(model: Embedder): Embedder {
  const cache = new Map<string, EmbeddingVector>();
  return {
    id: model.id,
    async embed(texts) {
      const missing = [...new Set(texts.filter((text) => !cache.has(text)))];
      if (missing.length > 0) (await model.embed(missing)).forEach((vector, i) => cache.set(missing[i], vector));
      return texts.map((text) => cache.get(text)!);
    },
  };
}

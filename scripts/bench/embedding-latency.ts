/**
 * Embedding/scoring performance of the configured provider (default minilm):
 * model load + warm-up time, RSS after load, single-guess latency p50/p95 and batched throughput.
 * Usage: tsx scripts/bench/embedding-latency.ts [--json]
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { loadEnv } from '../../server/env';
import { scoringConfigFrom } from '../../server/scoring/scoring.config';
import { createScorer } from '../../server/scoring/scorer';
import { percentile } from './scoring-stats';

const SINGLE_RUNS = 200;
const THROUGHPUT_GUESSES = 1024;

const evalSet = JSON.parse(await readFile(new URL('./data/scoring.eval-set.json', import.meta.url), 'utf8'));
const pairs: Array<{ prompt: string; guess: string }> = evalSet.prompts.flatMap((p: Record<string, unknown>) =>
  ['same-meaning', 'main-subject', 'partial', 'unrelated', 'keyword-dump'].flatMap((grade) =>
    (p[grade] as string[]).map((guess) => ({ prompt: p.prompt as string, guess })),
  ),
);

const rssBefore = process.memoryUsage().rss;
const loadStart = performance.now();
const scorer = await createScorer(scoringConfigFrom(loadEnv()));
const loadMs = performance.now() - loadStart;
const rssAfterLoadMb = process.memoryUsage().rss / 2 ** 20;

// Prompt embeddings are stored at import time, so a guess costs exactly one embedding.
const prompts = [...new Set(pairs.map((pair) => pair.prompt))];
const promptVectors = new Map((await scorer.embed(prompts)).map((vector, i) => [prompts[i], vector]));
const inputs = pairs.map((pair) => ({ ...pair, promptEmbedding: promptVectors.get(pair.prompt) }));

async function timeSingles(run: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < SINGLE_RUNS; i++) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const embedSingle = await timeSingles((i) => scorer.embed([inputs[i % inputs.length].guess]));
const scoreSingle = await timeSingles((i) => scorer.score(inputs[i % inputs.length]));

const throughput: Record<string, number> = {};
for (const batchSize of [1, 16, 64, 256]) {
  const total = batchSize === 1 ? 256 : THROUGHPUT_GUESSES;
  const start = performance.now();
  for (let done = 0; done < total; done += batchSize) {
    const batch = Array.from({ length: batchSize }, (_, k) => inputs[(done + k) % inputs.length]);
    await scorer.scoreMany(batch);
  }
  throughput[`batch${batchSize}`] = total / ((performance.now() - start) / 1000);
}

const result = {
  embedder: scorer.embedderId,
  machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}`,
  loadAndWarmUpMs: Math.round(loadMs),
  rssBeforeLoadMb: Math.round(rssBefore / 2 ** 20),
  rssAfterLoadMb: Math.round(rssAfterLoadMb),
  rssAfterBenchMb: Math.round(process.memoryUsage().rss / 2 ** 20),
  singleGuessEmbedMs: { p50: +embedSingle.p50.toFixed(2), p95: +embedSingle.p95.toFixed(2) },
  singleGuessScoreMs: { p50: +scoreSingle.p50.toFixed(2), p95: +scoreSingle.p95.toFixed(2) },
  guessesPerSecond: Object.fromEntries(Object.entries(throughput).map(([k, v]) => [k, Math.round(v)])),
};
await scorer.close();
console.log(process.argv.includes('--json') ? JSON.stringify(result) : JSON.stringify(result, null, 2));

/**
 * The scoring model in fp32 and in int8 (decision 048), side by side in one process: CPU per text at batch sizes
 * 1, 4, 8 and 16 (512 guesses of 3–8 words cut from STS-B sentences, the two graphs alternated, two passes each),
 * then how close the int8 vectors are to the fp32 ones over the first 2,000 STS-B sentences (cosine mean, 1st
 * percentile, minimum). Both graphs are built by the server's own builder and run as the scoring worker runs them
 * (one intra-op thread, the memory arena on). Accuracy on STS-B and the eval sets: `SCORING_ENGINE=onnx|onnx-int8`
 * with bench:stsb and bench:scoring-eval.
 * Usage: tsx scripts/bench/scoring-int8.ts [path/to/sts-test.tsv]   (outside data, read in place: see stsb-data.ts)
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { miniLmAssetPaths, MINILM_MAX_TOKENS } from '../../server/scoring/minilm.assets';
import { buildMiniLmOnnx } from '../../server/scoring/minilm.onnx-graph.mjs';
import { stsbTsvPath } from './stsb-data';

const tsvPath = stsbTsvPath(process.argv[2]);
if (!tsvPath) process.exit(0);
const require = createRequire(import.meta.url);
const ort = require('onnxruntime-node');
const { Tokenizer } = await import('@huggingface/tokenizers');

const paths = miniLmAssetPaths();
const config = JSON.parse(readFileSync(paths.config, 'utf8'));
const weights = new Uint8Array(readFileSync(paths.weights));
const tokenizer = new Tokenizer(JSON.parse(readFileSync(paths.tokenizer, 'utf8')), {});
const hidden: number = config.hidden_size;

const session = (int8: boolean) =>
  ort.InferenceSession.create(buildMiniLmOnnx(weights, config, { int8 }), {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    enableCpuMemArena: true,
  });
const engines = { fp32: await session(false), int8: await session(true) };

/** Mean-pooled unit vectors, as minilm.worker.mjs makes them. */
async function embed(engine: { run(feeds: unknown): Promise<Record<string, { data: Float32Array }>> }, texts: string[]) {
  const encoded = texts.map((text) => tokenizer.encode(text).ids.slice(0, MINILM_MAX_TOKENS));
  const tokens = Math.max(...encoded.map((ids) => ids.length));
  const inputIds = new BigInt64Array(texts.length * tokens);
  const mask = new BigInt64Array(texts.length * tokens);
  encoded.forEach((ids, b) =>
    ids.forEach((id, t) => {
      inputIds[b * tokens + t] = BigInt(id);
      mask[b * tokens + t] = 1n;
    }),
  );
  const output = await engine.run({
    input_ids: new ort.Tensor('int64', inputIds, [texts.length, tokens]),
    attention_mask: new ort.Tensor('int64', mask, [texts.length, tokens]),
  });
  const states = output.last_hidden_state.data;
  return encoded.map((ids, b) => {
    const vector = new Float32Array(hidden);
    for (let t = 0; t < ids.length; t++) for (let d = 0; d < hidden; d++) vector[d] += states[(b * tokens + t) * hidden + d];
    const norm = Math.hypot(...vector) || 1;
    return vector.map((value) => value / norm);
  });
}

const sentences = readFileSync(tsvPath, 'utf8')
  .split('\n')
  .slice(1)
  .filter((line) => line.trim() !== '')
  .flatMap((line) => line.split('\t').slice(1, 3));
const words = sentences.join(' ').split(/\s+/);
const guesses = Array.from({ length: 512 }, (_, i) => words.slice(i * 5, i * 5 + 3 + (i % 6)).join(' '));

console.log(`${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, Node ${process.version}`);
console.log('| batch | fp32 CPU ms/text | int8 CPU ms/text | ratio |\n|---|---|---|---|');
for (const batch of [1, 4, 8, 16]) {
  const cost: Record<string, number[]> = { fp32: [], int8: [] };
  for (let pass = 0; pass < 2; pass++)
    for (const name of ['fp32', 'int8'] as const) {
      await embed(engines[name], guesses.slice(0, batch));
      const before = process.cpuUsage();
      for (let i = 0; i + batch <= guesses.length; i += batch) await embed(engines[name], guesses.slice(i, i + batch));
      const used = process.cpuUsage(before);
      cost[name].push((used.user + used.system) / 1000 / guesses.length);
    }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const show = (values: number[]) => values.map((value) => value.toFixed(2)).join(' / ');
  console.log(`| ${batch} | ${show(cost.fp32)} | ${show(cost.int8)} | ×${(mean(cost.int8) / mean(cost.fp32)).toFixed(2)} |`);
}

const cosines: number[] = [];
const sample = sentences.slice(0, 2000);
for (let i = 0; i < sample.length; i += 16) {
  const texts = sample.slice(i, i + 16);
  const [full, quantized] = [await embed(engines.fp32, texts), await embed(engines.int8, texts)];
  full.forEach((vector, k) => cosines.push(vector.reduce((sum, value, d) => sum + value * quantized[k][d], 0)));
}
cosines.sort((a, b) => a - b);
const meanCosine = cosines.reduce((a, b) => a + b, 0) / cosines.length;
console.log(
  `int8 against fp32 over ${cosines.length} STS-B sentences: cosine mean ${meanCosine.toFixed(5)}, ` +
    `1st percentile ${cosines[Math.floor(cosines.length / 100)].toFixed(5)}, minimum ${cosines[0].toFixed(5)}`,
);

/**
 * The scoring model in fp32 (`onnx`) and in int8 (`onnx-int8`, decision 048), side by side in one process, each in
 * its own scoring worker exactly as the server runs it (MiniLmEmbedder): CPU per text at batch sizes 1, 4, 8 and 16
 * (512 guesses of 3–8 words cut from STS-B sentences, the two engines alternated, two passes each; the process's CPU,
 * all threads), then how close the int8 vectors are to the fp32 ones over the first 2,000 STS-B sentences (cosine
 * mean, 1st percentile, minimum). Accuracy on STS-B and the eval sets: `SCORING_ENGINE=onnx|onnx-int8` with
 * bench:stsb and bench:scoring-eval.
 * Usage: tsx scripts/bench/scoring-int8.ts [path/to/sts-test.tsv]   (outside data, read in place: see stsb-data.ts)
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { cosineOfNormalised } from '../../server/scoring/embedder';
import { loadVerifiedMiniLm } from '../../server/scoring/minilm.assets';
import { MiniLmEmbedder } from '../../server/scoring/minilm.embedder';
import { stsbTsvPath } from './stsb-data';

const tsvPath = stsbTsvPath(process.argv[2]);
if (!tsvPath) process.exit(0);

const model = loadVerifiedMiniLm();
const engines = {
  fp32: await MiniLmEmbedder.load({ engine: 'onnx' }, model),
  int8: await MiniLmEmbedder.load({ engine: 'onnx-int8' }, model),
};

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
      await engines[name].embed(guesses.slice(0, batch));
      const before = process.cpuUsage();
      for (let i = 0; i + batch <= guesses.length; i += batch) await engines[name].embed(guesses.slice(i, i + batch));
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
  const [full, quantized] = [await engines.fp32.embed(texts), await engines.int8.embed(texts)];
  full.forEach((vector, k) => cosines.push(cosineOfNormalised(vector, quantized[k])));
}
await Promise.all([engines.fp32.close(), engines.int8.close()]);
cosines.sort((a, b) => a - b);
const meanCosine = cosines.reduce((a, b) => a + b, 0) / cosines.length;
console.log(
  `int8 against fp32 over ${cosines.length} STS-B sentences: cosine mean ${meanCosine.toFixed(5)}, ` +
    `1st percentile ${cosines[Math.floor(cosines.length / 100)].toFixed(5)}, minimum ${cosines[0].toFixed(5)}`,
);

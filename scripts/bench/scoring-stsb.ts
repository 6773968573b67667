/**
 * Sanity check of the use-lite embedder (tokenizer + model) on the STS Benchmark test split:
 * Spearman/Pearson between gold similarity and raw cosine. Reference: Spearman 0.7227.
 * Usage: tsx scripts/bench/scoring-stsb.ts [path/to/sts-test.tsv]
 */
import { readFile } from 'node:fs/promises';
import { cosineOfNormalised } from '../../server/scoring/embedder';
import { UseLiteEmbedder } from '../../server/scoring/use-lite.embedder';
import { pearson, spearman } from './scoring-stats';

const tsvPath = process.argv[2] ?? '/work/shared/bench/stsb/sts-test.tsv';
const [, ...lines] = (await readFile(tsvPath, 'utf8')).split('\n').filter((line) => line.trim() !== '');
const rows = lines.map((line) => {
  const [score, sentence1, sentence2] = line.split('\t');
  return { gold: Number(score), sentence1, sentence2 };
});

const started = performance.now();
const embedder = await UseLiteEmbedder.load();
const first = await embedder.embed(rows.map((row) => row.sentence1));
const second = await embedder.embed(rows.map((row) => row.sentence2));
const cosines = rows.map((_, i) => cosineOfNormalised(first[i], second[i]));
const gold = rows.map((row) => row.gold);

console.log(`STS-B test: ${rows.length} pairs, ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`Spearman ${spearman(gold, cosines).toFixed(4)}  Pearson ${pearson(gold, cosines).toFixed(4)}`);

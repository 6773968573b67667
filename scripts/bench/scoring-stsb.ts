/**
 * The configured scorer (SCORING_PROVIDER, default minilm) on the STS Benchmark test split:
 * Spearman/Pearson between gold similarity and (a) the raw embedding cosine, (b) the final
 * player-facing score (sentence1 as the prompt, sentence2 as the guess).
 * References: all-MiniLM-L6-v2 cosine Spearman ≈ 0.82, USE-lite 0.7227.
 * Usage: tsx scripts/bench/scoring-stsb.ts [path/to/sts-test.tsv]   (outside data, read in place: see stsb-data.ts)
 */
import { readFile } from 'node:fs/promises';
import { loadEnv } from '../../server/env';
import { cosineOfNormalised } from '../../server/scoring/embedder';
import { scoringConfigFrom } from '../../server/scoring/scoring.config';
import { createScorer } from '../../server/scoring/scorer';
import { pearson, spearman } from './scoring-stats';
import { stsbTsvPath } from './stsb-data';

const tsvPath = stsbTsvPath(process.argv[2]);
if (!tsvPath) process.exit(0);
const [, ...lines] = (await readFile(tsvPath, 'utf8')).split('\n').filter((line) => line.trim() !== '');
const rows = lines.map((line) => {
  const [score, sentence1, sentence2] = line.split('\t');
  return { gold: Number(score), sentence1, sentence2 };
});

const started = performance.now();
const scorer = await createScorer(scoringConfigFrom(loadEnv()));
const loaded = performance.now();
const first = await scorer.embed(rows.map((row) => row.sentence1));
const second = await scorer.embed(rows.map((row) => row.sentence2));
const cosines = rows.map((_, i) => cosineOfNormalised(first[i], second[i]));
const gold = rows.map((row) => row.gold);
console.log(
  `raw cosine (${scorer.embedderId}):  Spearman ${spearman(gold, cosines).toFixed(4)}  Pearson ${pearson(gold, cosines).toFixed(4)}`,
);
const scores = await scorer.scoreMany(rows.map((row, i) => ({ prompt: row.sentence1, promptEmbedding: first[i], guess: row.sentence2 })));
await scorer.close();

console.log(
  `${scorer.embedderId} on STS-B test: ${rows.length} pairs, load ${((loaded - started) / 1000).toFixed(1)} s, ` +
    `embedding ${((performance.now() - loaded) / 1000).toFixed(1)} s`,
);
console.log(`final score: Spearman ${spearman(gold, scores).toFixed(4)}  Pearson ${pearson(gold, scores).toFixed(4)}`);

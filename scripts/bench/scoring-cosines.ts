/**
 * Raw MiniLM cosines (guess vs whole prompt, no calibration, no lexical rules) per grade of an eval set:
 * what the model alone separates. Per grade: n, min, p25, median, p75, max; then, per prompt, how often
 * the raw cosine already orders each graded pair (the ceiling the cosine gives before any rule).
 * Usage: tsx scripts/bench/scoring-cosines.ts --set 1|2|3|4 [--json]
 */
import { readFile } from 'node:fs/promises';
import { cosineOfNormalised } from '../../server/scoring/embedder';
import { MiniLmEmbedder } from '../../server/scoring/minilm.embedder';
import { prepareForEmbedding } from '../../server/scoring/scorer';
import { alignSpellingToPrompt } from '../../server/scoring/scoring.spelling';
import { evalInputs, GRADES, RANK, type EvalPrompt } from './scoring-eval-metrics';
import { percentile } from './scoring-stats';

const setArg = process.argv.indexOf('--set');
const set = setArg > 0 ? process.argv[setArg + 1] : '1';
const file = set === '1' ? 'scoring.eval-set.json' : `scoring.eval-set-${set}.json`;
const { prompts } = JSON.parse(await readFile(new URL(`./data/${file}`, import.meta.url), 'utf8')) as { prompts: EvalPrompt[] };
const model = await MiniLmEmbedder.load({ threads: 1 });
const inputs = evalInputs(prompts);
const guessVectors = await model.embed(inputs.map(({ p, guess }) => prepareForEmbedding(alignSpellingToPrompt(p.prompt, guess))));
const promptVectors = new Map((await model.embed(prompts.map((p) => prepareForEmbedding(p.prompt)))).map((v, i) => [prompts[i].prompt, v]));
await model.close();
const rows = inputs.map(({ p, grade }, i) => ({
  prompt: p.prompt,
  grade,
  cosine: cosineOfNormalised(promptVectors.get(p.prompt)!, guessVectors[i]),
}));
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(rows.map((row, i) => ({ ...row, guess: inputs[i].guess }))));
  process.exit(0);
}
console.log(`raw cosine per grade, eval set ${set} (${prompts.length} prompts)\ngrade             n    min    p25 median    p75    max`);
for (const grade of GRADES) {
  const values = rows
    .filter((row) => row.grade === grade)
    .map((row) => row.cosine)
    .sort((a, b) => a - b);
  if (values.length === 0) continue;
  const f = (v: number) => v.toFixed(3).padStart(6);
  console.log(
    `${grade.padEnd(16)} ${String(values.length).padStart(3)} ${f(values[0])} ${f(percentile(values, 25))} ${f(percentile(values, 50))} ${f(percentile(values, 75))} ${f(values.at(-1)!)}`,
  );
}
let ok = 0,
  total = 0;
for (const a of rows)
  for (const b of rows) {
    const ra = RANK[a.grade],
      rb = RANK[b.grade];
    if (a.prompt === b.prompt && ra !== undefined && rb !== undefined && ra > rb) total++, a.cosine > b.cosine && ok++;
  }
console.log(`raw-cosine ordering accuracy: ${((100 * ok) / total).toFixed(1)} % of ${total} graded pairs`);

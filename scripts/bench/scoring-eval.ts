/**
 * Scores an evaluation set with the configured provider (SCORING_PROVIDER etc.) and reports the
 * goals of docs/decisions/013-scoring-calibration-minilm.md: per-grade means, ordering accuracy,
 * keyword dumps below main-subject guesses, unrelated and paraphrase means, exact = 100 and
 * nothing else 100, top-decile tie rate, per-prompt-length grade means.
 *   set 1: scripts/bench/data/scoring.eval-set.json (its 'tune' split was used to fit the calibration)
 *   set 2: scripts/bench/data/scoring.eval-set-2.json (another writer's style, NEVER used for fitting)
 *   set 3: scripts/bench/data/scoring.eval-set-3.json (a third writer's style; read after its only held-out run in
 *          decision 021, so fitting data since decision 024)
 *   set 4: scripts/bench/data/scoring.eval-set-4.json (a fourth writer's style: text-to-image users' prompts, phone
 *          guesses; held out, NEVER used for fitting: run only for reports). Adds the 'loosely-related' grade.
 * Usage: tsx scripts/bench/scoring-eval.ts [--set 1|2|3|4] [--json] [--save report.json]
 */
import { readFile, writeFile } from 'node:fs/promises';
import { loadEnv } from '../../server/env';
import { scoringConfigFrom } from '../../server/scoring/scoring.config';
import { createScorer } from '../../server/scoring/scorer';
import { evalInputs, GRADES, summarise, type EvalPrompt, type Row } from './scoring-eval-metrics';

const setArg = process.argv.indexOf('--set');
const set = setArg > 0 ? process.argv[setArg + 1] : '1';
const FILES: Record<string, string> = {
  '1': 'scoring.eval-set.json',
  '2': 'scoring.eval-set-2.json',
  '3': 'scoring.eval-set-3.json',
  '4': 'scoring.eval-set-4.json',
};
const file = FILES[set];
if (!file) throw new Error(`unknown eval set ${set}: use --set 1, 2, 3 or 4`);
const { prompts } = JSON.parse(await readFile(new URL(`./data/${file}`, import.meta.url), 'utf8')) as { prompts: EvalPrompt[] };
const scorer = await createScorer(scoringConfigFrom(loadEnv()));

const inputs = evalInputs(prompts);
const scores = await scorer.scoreMany(inputs.map(({ p, guess }) => ({ prompt: p.prompt, guess })));
// The exact prompt, re-cased and re-punctuated, must score 100.
const exactScores = await scorer.scoreMany(
  prompts.map((p) => ({ prompt: p.prompt, guess: ` ${p.prompt.toUpperCase().replace(/,/g, '')}!` })),
);
await scorer.close();
const rows: Row[] = inputs.map(({ p, grade, guess }, i) => ({
  prompt: p.prompt,
  split: p.split ?? 'independent',
  grade,
  guess,
  score: scores[i],
}));

const splits = set !== '1' ? (['all'] as const) : (['all', 'tune', 'holdout'] as const);
const report = Object.fromEntries(
  splits.map((split) => [split, summarise(split === 'all' ? rows : rows.filter((row) => row.split === split), exactScores)]),
);

const saveArg = process.argv.indexOf('--save');
if (saveArg > 0) await writeFile(process.argv[saveArg + 1], JSON.stringify({ embedderId: scorer.embedderId, set, report, rows }, null, 2));
if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ embedderId: scorer.embedderId, set, report, rows }, null, 2));
} else {
  const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
  const f = (v: number) => (Number.isNaN(v) ? '     –' : v.toFixed(1).padStart(6));
  console.log(`embedder ${scorer.embedderId}, eval set ${set} (${file}): ${prompts.length} prompts, ${rows.length} guesses`);
  for (const [split, r] of Object.entries(report)) {
    console.log(
      `\n[${split}] ordering accuracy ${pct(r.orderingAccuracy)} (four grades ${pct(r.orderingAccuracyFourGrades)}), keyword-dump < main-subject ${pct(r.keywordDumpBelowMainSubject)}, ` +
        `unrelated mean ${r.unrelatedMean.toFixed(1)}, paraphrase mean ${r.paraphraseMean.toFixed(1)}, exact = 100: ${r.exactAll100 ? 'yes' : 'NO'}, ` +
        `inexact at 100: ${r.inexactAt100}, top-decile tie rate ${pct(r.topDecileTieRate)}`,
    );
    console.log('grade            n   mean    min    max');
    for (const g of r.perGrade) console.log(`${g.grade.padEnd(14)} ${String(g.n).padStart(3)} ${f(g.mean)} ${f(g.min)} ${f(g.max)}`);
    console.log(`prompt length  prompts ${GRADES.map((g) => g.slice(0, 12).padStart(13)).join('')}`);
    for (const b of r.lengthBuckets)
      console.log(`${b.bucket.padEnd(14)} ${String(b.prompts).padStart(7)} ${GRADES.map((g) => f(b.means[g]).padStart(13)).join('')}`);
  }
}

/**
 * Scores server/scoring/scoring.eval-set.json with the configured provider (SCORING_PROVIDER etc.)
 * and reports per-grade score statistics and ordering accuracy, next to a raw-cosine baseline.
 * Usage: tsx scripts/bench/scoring-eval.ts [--json]
 */
import { readFile } from 'node:fs/promises';
import { cosineOfNormalised } from '../../server/scoring/embedder';
import { loadEnv } from '../../server/env';
import { scoringConfigFrom } from '../../server/scoring/scoring.config';
import { createScorer } from '../../server/scoring/scorer';

const GRADES = ['same-meaning', 'main-subject', 'partial', 'unrelated', 'keyword-dump'] as const;
type Grade = (typeof GRADES)[number];
/** Higher is better; keyword-dump is compared only against main-subject. */
const RANK: Partial<Record<Grade, number>> = { 'same-meaning': 3, 'main-subject': 2, partial: 1, unrelated: 0 };

interface EvalPrompt extends Record<Grade, string[]> {
  prompt: string;
  split: 'tune' | 'holdout';
}
interface Row {
  prompt: string;
  split: string;
  grade: Grade;
  guess: string;
  score: number;
  rawCosinePercent: number;
}

const evalSetUrl = new URL('../../server/scoring/scoring.eval-set.json', import.meta.url);
const { prompts } = JSON.parse(await readFile(evalSetUrl, 'utf8')) as { prompts: EvalPrompt[] };
const scorer = await createScorer(scoringConfigFrom(loadEnv()));

const inputs = prompts.flatMap((p) => GRADES.flatMap((grade) => p[grade].map((guess) => ({ p, grade, guess }))));
const scores = await scorer.scoreMany(inputs.map(({ p, guess }) => ({ prompt: p.prompt, guess })));
const promptVectors = await scorer.embed(prompts.map((p) => p.prompt));
const guessVectors = await scorer.embed(inputs.map((input) => input.guess));
const rows: Row[] = inputs.map(({ p, grade, guess }, i) => ({
  prompt: p.prompt,
  split: p.split,
  grade,
  guess,
  score: scores[i],
  rawCosinePercent: 100 * Math.max(0, cosineOfNormalised(promptVectors[prompts.indexOf(p)], guessVectors[i])),
}));

function summarise(subset: Row[], pick: (row: Row) => number) {
  const perGrade = GRADES.map((grade) => {
    const values = subset.filter((row) => row.grade === grade).map(pick);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    return { grade, n: values.length, mean, min: Math.min(...values), max: Math.max(...values) };
  });
  let gradedOk = 0, gradedTotal = 0, dumpOk = 0, dumpTotal = 0;
  for (const prompt of new Set(subset.map((row) => row.prompt))) {
    const same = subset.filter((row) => row.prompt === prompt);
    for (const a of same) for (const b of same) {
      const ra = RANK[a.grade], rb = RANK[b.grade];
      if (ra !== undefined && rb !== undefined && ra > rb) (gradedTotal++, pick(a) > pick(b) && gradedOk++);
      if (a.grade === 'main-subject' && b.grade === 'keyword-dump') (dumpTotal++, pick(a) > pick(b) && dumpOk++);
    }
  }
  const share = (grade: Grade, test: (v: number) => boolean) => {
    const values = subset.filter((row) => row.grade === grade).map(pick);
    return values.filter(test).length / values.length;
  };
  return {
    perGrade,
    orderingAccuracy: gradedOk / gradedTotal,
    keywordDumpBelowMainSubject: dumpOk / dumpTotal,
    paraphraseAtLeast85: share('same-meaning', (v) => v >= 85),
    unrelatedAtMost10: share('unrelated', (v) => v <= 10),
  };
}

const report = Object.fromEntries(
  (['all', 'tune', 'holdout'] as const).map((split) => {
    const subset = split === 'all' ? rows : rows.filter((row) => row.split === split);
    return [split, { calibrated: summarise(subset, (r) => r.score), rawCosine: summarise(subset, (r) => r.rawCosinePercent) }];
  }),
);

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ embedderId: scorer.embedderId, report, rows }, null, 2));
} else {
  const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
  console.log(`embedder ${scorer.embedderId}: ${prompts.length} prompts, ${rows.length} guesses`);
  for (const [split, { calibrated, rawCosine }] of Object.entries(report)) {
    console.log(`\n[${split}]  ordering accuracy ${pct(calibrated.orderingAccuracy)} (raw cosine ${pct(rawCosine.orderingAccuracy)}), ` +
      `keyword-dump < main-subject ${pct(calibrated.keywordDumpBelowMainSubject)} (raw ${pct(rawCosine.keywordDumpBelowMainSubject)}), ` +
      `paraphrase >= 85: ${pct(calibrated.paraphraseAtLeast85)}, unrelated <= 10: ${pct(calibrated.unrelatedAtMost10)}`);
    console.log('grade           n   mean    min    max   | raw cosine x100: mean   min    max');
    calibrated.perGrade.forEach((g, i) => {
      const raw = rawCosine.perGrade[i];
      const f = (v: number) => v.toFixed(1).padStart(6);
      console.log(`${g.grade.padEnd(14)} ${String(g.n).padStart(3)} ${f(g.mean)} ${f(g.min)} ${f(g.max)}   |                 ${f(raw.mean)} ${f(raw.min)} ${f(raw.max)}`);
    });
  }
}

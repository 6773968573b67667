/**
 * Calibration search for MiniLM on the fitting data: the 'tune' split of eval set 1 and, since
 * decision 024, all of eval set 3 (its rows were read in decision 021, so it is no longer held out).
 * Sets 2 and 4 are never read here. Embeds every text once, then scores candidate parameters through the production
 * path (createScorerFromEmbedder) over the cached vectors, and prints the goals per candidate,
 * with the STS-B Spearman of the final score. Docs: docs/decisions/021-scoring-calibration-leading-clause.md,
 * docs/decisions/024-scoring-generalization.md
 * Usage: tsx scripts/bench/scoring-tune.ts [path/to/sts-test.tsv]
 */
import { readFile } from 'node:fs/promises';
import { MINILM_CALIBRATION, type CalibrationParams } from '../../server/scoring/calibration';
import { embedOnce } from './embed-once';
import { MiniLmEmbedder } from '../../server/scoring/minilm.embedder';
import { createScorerFromEmbedder } from '../../server/scoring/scorer';
import { evalInputs, summarise, type EvalPrompt } from './scoring-eval-metrics';
import { spearman } from './scoring-stats';
import { stsbTsvPath } from './stsb-data';

const tsvPath = stsbTsvPath(process.argv.slice(2).find((arg) => !arg.startsWith('--')));
if (!tsvPath) process.exit(0);
const readSet = async (file: string) =>
  (JSON.parse(await readFile(new URL(`./data/${file}`, import.meta.url), 'utf8')) as { prompts: EvalPrompt[] }).prompts;
const fitting: Record<string, EvalPrompt[]> = {
  'set 1 tune': (await readSet('scoring.eval-set.json')).filter((p) => p.split === 'tune'),
  'set 3': await readSet('scoring.eval-set-3.json'),
};
const [, ...lines] = (await readFile(tsvPath, 'utf8')).split('\n').filter((line) => line.trim() !== '');
const sts = lines.map((line) => line.split('\t')).map(([gold, prompt, guess]) => ({ gold: Number(gold), prompt, guess }));

/** Every text is embedded once by the real model; candidates then score from memory. */
const model = await MiniLmEmbedder.load({ threads: 2 });
const cached = embedOnce(model);

async function evaluate(params: CalibrationParams) {
  const scorer = createScorerFromEmbedder(cached, params);
  const sets = [];
  for (const [name, prompts] of Object.entries(fitting)) {
    const inputs = evalInputs(prompts);
    const scores = await scorer.scoreMany(inputs.map(({ p, guess }) => ({ prompt: p.prompt, guess })));
    const rows = inputs.map(({ p, grade, guess }, i) => ({ prompt: p.prompt, split: name, grade, guess, score: scores[i] }));
    sets.push({ name, summary: summarise(rows, []), rows });
  }
  const stsScores = await scorer.scoreMany(sts.map(({ prompt, guess }) => ({ prompt, guess })));
  return {
    sets,
    stsb: spearman(
      sts.map((row) => row.gold),
      stsScores,
    ),
  };
}

/** Tune-split pairs in the wrong order (a lower grade scoring at least as high), for diagnosis. */
function misordered(rows: Awaited<ReturnType<typeof evaluate>>['sets'][number]['rows']) {
  const rank: Record<string, number> = { 'same-meaning': 3, 'main-subject': 2, partial: 1, unrelated: 0, 'keyword-dump': 1.5 };
  return rows.flatMap((a) =>
    rows
      .filter(
        (b) =>
          b.prompt === a.prompt &&
          rank[a.grade] > rank[b.grade] &&
          a.score <= b.score &&
          !(a.grade !== 'main-subject' && b.grade === 'keyword-dump') &&
          !(a.grade === 'keyword-dump'),
      )
      .map((b) => `    ${a.prompt.slice(0, 50)} | ${a.grade} "${a.guess}" ${a.score} <= ${b.grade} "${b.guess}" ${b.score}`),
  );
}

const candidates: Array<[string, CalibrationParams]> = [['current', MINILM_CALIBRATION]];
const grid = JSON.parse(process.env.TUNE_GRID ?? '[]') as Array<Partial<CalibrationParams>>;
grid.forEach((overrides, i) => candidates.push([`grid ${i} ${JSON.stringify(overrides)}`, { ...MINILM_CALIBRATION, ...overrides }]));

for (const [name, params] of candidates) {
  const { sets, stsb } = await evaluate(params);
  console.log(`${name}\n  STS-B ${stsb.toFixed(4)}`);
  for (const { name: setName, summary: r, rows } of sets) {
    const grade = (g: string) => r.perGrade.find((x) => x.grade === g)?.mean.toFixed(1);
    const buckets = r.lengthBuckets
      .map(
        (b) =>
          `${b.bucket} ms ${b.means['main-subject'].toFixed(1)} sm ${b.means['same-meaning'].toFixed(1)} pa ${b.means.partial.toFixed(1)}`,
      )
      .join(' | ');
    if (process.argv.includes('--brief')) {
      console.log(
        `  [${setName}] ord ${(100 * r.orderingAccuracy).toFixed(1)} dump ${(100 * r.keywordDumpBelowMainSubject).toFixed(1)} means ${grade('same-meaning')}/${grade('main-subject')}/${grade('partial')}/${grade('unrelated')} ties ${(100 * r.topDecileTieRate).toFixed(1)}`,
      );
      continue;
    }
    console.log(
      `  [${setName}] ordering ${(100 * r.orderingAccuracy).toFixed(1)} dump<main ${(100 * r.keywordDumpBelowMainSubject).toFixed(1)} ` +
        `means ${grade('same-meaning')}/${grade('main-subject')}/${grade('partial')}/${grade('unrelated')} dump ${grade('keyword-dump')} ` +
        `ties ${(100 * r.topDecileTieRate).toFixed(1)}\n    ${buckets}`,
    );
    if (process.argv.includes('--rows')) console.log(misordered(rows).join('\n'));
  }
}
await model.close();

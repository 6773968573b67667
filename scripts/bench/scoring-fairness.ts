/**
 * Does a score mean the same on every image? The real model (int8, cached: every text embedded once) through the
 * production scorer, on every evaluation set and on STS-B's test pairs:
 *   - floor of faithful rewordings (same-meaning) per set, and how many fall below 90;
 *   - ordering within a prompt (grades), keyword dumps below main-subject guesses, the highest main-subject score;
 *   - STS-B: Spearman of the final score, and cross-pair inversions: of all pairs of pairs whose human grades
 *     differ by 2 points or more, the share the scorer orders the other way (ties count half);
 *   - spread of scores within the human grade 3-4 (10th to 90th percentile).
 * Sets: 1 tune / 1 holdout / 3 are fitting data, 2, 4 and 5 are held out (never fitted on).
 * Usage: tsx scripts/bench/scoring-fairness.ts [--json] [path/to/sts-test.tsv]
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { calibrationFor, type CalibrationParams } from '../../server/scoring/calibration';
import { embedOnce } from './embed-once';
import { MiniLmEmbedder } from '../../server/scoring/minilm.embedder';
import { createScorerFromEmbedder } from '../../server/scoring/scorer';
import { evalInputs, summarise, type EvalPrompt } from './scoring-eval-metrics';
import { percentile, spearman } from './scoring-stats';
import { stsbTsvPath } from './stsb-data';

const readSet = async (file: string) =>
  (JSON.parse(await readFile(new URL(`./data/${file}`, import.meta.url), 'utf8')) as { prompts: EvalPrompt[] }).prompts;
const set1 = await readSet('scoring.eval-set.json');
const SETS: Record<string, { prompts: EvalPrompt[]; heldOut: boolean }> = {
  'set 1 tune': { prompts: set1.filter((p) => p.split === 'tune'), heldOut: false },
  'set 1 holdout': { prompts: set1.filter((p) => p.split === 'holdout'), heldOut: true },
  'set 2': { prompts: await readSet('scoring.eval-set-2.json'), heldOut: true },
  'set 3': { prompts: await readSet('scoring.eval-set-3.json'), heldOut: false },
  'set 4': { prompts: await readSet('scoring.eval-set-4.json'), heldOut: true },
};
if (existsSync(new URL('./data/scoring.eval-set-5.json', import.meta.url))) {
  const set5 = await readSet('scoring.eval-set-5.json');
  SETS['set 5 tune'] = { prompts: set5.filter((p) => p.split === 'tune'), heldOut: false };
  SETS['set 5 holdout'] = { prompts: set5.filter((p) => p.split === 'holdout'), heldOut: true };
}

const tsvPath = stsbTsvPath(process.argv.slice(2).find((arg) => !arg.startsWith('--')));
const sts = tsvPath
  ? (await readFile(tsvPath, 'utf8'))
      .split('\n')
      .slice(1)
      .filter((line) => line.trim() !== '')
      .map((line) => line.split('\t'))
      .map(([gold, prompt, guess]) => ({ gold: Number(gold), prompt, guess }))
  : [];

/** Of all pairs of pairs whose gold grades differ by at least `gap`, the share scored the other way (ties half). */
export function inversionRate(gold: number[], scores: number[], gap = 2): number {
  let total = 0;
  let inverted = 0;
  for (let i = 0; i < gold.length; i++)
    for (let j = 0; j < gold.length; j++)
      if (gold[i] - gold[j] >= gap) {
        total++;
        if (scores[i] < scores[j]) inverted++;
        else if (scores[i] === scores[j]) inverted += 0.5;
      }
  return inverted / total;
}

const model = await MiniLmEmbedder.load({ threads: 1 });
const cached = embedOnce(model);

export async function evaluate(params: CalibrationParams) {
  const scorer = createScorerFromEmbedder(cached, params);
  const sets = [];
  for (const [name, { prompts, heldOut }] of Object.entries(SETS)) {
    const inputs = evalInputs(prompts);
    const scores = await scorer.scoreMany(inputs.map(({ p, guess }) => ({ prompt: p.prompt, guess })));
    const exact = await scorer.scoreMany(prompts.map((p) => ({ prompt: p.prompt, guess: ` ${p.prompt.toUpperCase()}!` })));
    const rows = inputs.map(({ p, grade, guess }, i) => ({ prompt: p.prompt, split: name, grade, guess, score: scores[i] }));
    const summary = summarise(rows, exact);
    const same = rows.filter((row) => row.grade === 'same-meaning').sort((a, b) => a.score - b.score);
    const main = rows.filter((row) => row.grade === 'main-subject').sort((a, b) => b.score - a.score);
    sets.push({
      name,
      heldOut,
      prompts: prompts.length,
      rewordingFloor: same[0]?.score ?? NaN,
      rewordingsBelow90: same.filter((row) => row.score < 90).length,
      rewordings: same.length,
      lowest: same.slice(0, 3).map((row) => `${row.score} "${row.guess}" for "${row.prompt}"`),
      mainSubjectMax: main[0]?.score ?? NaN,
      orderingAccuracy: summary.orderingAccuracy,
      keywordDumpBelowMainSubject: summary.keywordDumpBelowMainSubject,
      exactAll100: summary.exactAll100,
      inexactAt100: summary.inexactAt100,
    });
  }
  let stsb: { pairs: number; spearman: number; inversionsAtGap2: number; grade3to4P10: number; grade3to4P90: number } | undefined;
  if (sts.length > 0) {
    const scores = await scorer.scoreMany(sts.map(({ prompt, guess }) => ({ prompt, guess })));
    const gold = sts.map((row) => row.gold);
    const band = scores.filter((_, i) => gold[i] >= 3 && gold[i] <= 4).sort((a, b) => a - b);
    stsb = {
      pairs: sts.length,
      spearman: spearman(gold, scores),
      inversionsAtGap2: inversionRate(gold, scores, 2),
      grade3to4P10: percentile(band, 10),
      grade3to4P90: percentile(band, 90),
    };
  }
  return { sets, stsb };
}

/** FAIRNESS_GRID='[{...overrides}]': candidate calibrations, one line each (fitting only: read the tuned sets). */
const grid = JSON.parse(process.env.FAIRNESS_GRID ?? '[]') as Array<Partial<CalibrationParams>>;
for (const overrides of grid) {
  const r = await evaluate({ ...calibrationFor(model.id), ...overrides });
  const brief = r.sets.map(
    (s) =>
      `${s.name.replace('set ', 's').replace(' holdout', 'h').replace(' tune', 't')} ${s.rewordingFloor}/${s.rewordingsBelow90} ${(100 * s.orderingAccuracy).toFixed(1)} ${(100 * s.keywordDumpBelowMainSubject).toFixed(0)} ${s.mainSubjectMax}`,
  );
  console.log(
    `${JSON.stringify(overrides)}\n  ${brief.join(' | ')}${r.stsb ? ` | STS-B ${r.stsb.spearman.toFixed(4)} ${(100 * r.stsb.inversionsAtGap2).toFixed(2)}%` : ''}`,
  );
}
if (grid.length > 0) {
  await model.close();
  process.exit(0);
}

const report = await evaluate(calibrationFor(model.id));
await model.close();
if (process.argv.includes('--json')) console.log(JSON.stringify({ embedderId: model.id, ...report }, null, 2));
else {
  const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
  console.log(`embedder ${model.id}`);
  for (const s of report.sets)
    console.log(
      `[${s.name}${s.heldOut ? ', held out' : ''}] ${s.prompts} prompts: rewordings floor ${s.rewordingFloor} (${s.rewordingsBelow90}/${s.rewordings} below 90), ` +
        `ordering ${pct(s.orderingAccuracy)}, dump<main ${pct(s.keywordDumpBelowMainSubject)}, main-subject max ${s.mainSubjectMax}, ` +
        `exact=100 ${s.exactAll100 ? 'yes' : 'NO'}, inexact at 100: ${s.inexactAt100}\n    lowest: ${s.lowest.join(' | ')}`,
    );
  if (report.stsb)
    console.log(
      `[STS-B] ${report.stsb.pairs} pairs: Spearman ${report.stsb.spearman.toFixed(4)}, inversions at gap >= 2: ${pct(report.stsb.inversionsAtGap2)} (${(100 * report.stsb.inversionsAtGap2).toFixed(2)}%), ` +
        `grade 3-4 P10..P90 ${report.stsb.grade3to4P10}..${report.stsb.grade3to4P90}`,
    );
}

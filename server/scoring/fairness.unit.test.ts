/**
 * A score means the same on every image: the real model (int8, the default) over the held-out split of evaluation set
 * 5 (prompts each with a faithful rewording, a subject-only guess, one other element, an unrelated sentence and a
 * keyword dump; never fitted on), and over STS-B's test pairs when that file is present (it is not redistributed:
 * the check skips in a clone without it). The floors are the figures of BENCHMARKS.md's scoring evaluation; a change
 * that lowers them must say why there. Design: docs/decisions/052-score-means-the-same-on-every-image.md
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScorer, type Scorer } from './scorer';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
interface Graded {
  prompt: string;
  split: 'tune' | 'holdout';
  'same-meaning': string[];
  'main-subject': string[];
  partial: string[];
  unrelated: string[];
  'keyword-dump': string[];
}
const heldOut = (
  JSON.parse(readFileSync(path.join(root, 'scripts/bench/data/scoring.eval-set-5.json'), 'utf8')) as { prompts: Graded[] }
).prompts.filter((p) => p.split === 'holdout');
const RANKED = ['same-meaning', 'main-subject', 'partial', 'unrelated'] as const;
const stsbPath = process.env.STSB_TSV ?? path.resolve(root, '../shared/bench/stsb/sts-test.tsv');

let scorer: Scorer;
beforeAll(async () => {
  scorer = await createScorer({ provider: 'minilm', workers: 1 });
});
afterAll(async () => {
  await scorer.close();
});

describe('a score means the same on every image (held-out set 5)', () => {
  it('faithful rewordings keep their floor, each prompt orders its grades, dumps stay below the subject, only the exact prompt is 100', async () => {
    expect(heldOut).toHaveLength(20);
    const grades = [...RANKED, 'keyword-dump'] as const;
    const inputs = heldOut.flatMap((p) => grades.map((grade) => ({ p, grade, guess: p[grade][0] })));
    const scores = await scorer.scoreMany([
      ...inputs.map(({ p, guess }) => ({ prompt: p.prompt, guess })),
      ...heldOut.map((p) => ({ prompt: p.prompt, guess: `${p.prompt.toUpperCase()}!` })),
    ]);
    const scoreOf = (prompt: string, grade: (typeof grades)[number]) =>
      scores[inputs.findIndex((input) => input.p.prompt === prompt && input.grade === grade)];
    const rewordings = heldOut.map((p) => scoreOf(p.prompt, 'same-meaning'));
    // 88.6 on one CPU, 88.3 on another with AVX-512 VNNI: onnxruntime's integer kernels differ by CPU (BENCHMARKS.md).
    expect(Math.min(...rewordings)).toBeGreaterThanOrEqual(88);
    expect(rewordings.filter((score) => score < 90).length).toBeLessThanOrEqual(2);
    // Across images: every faithful rewording outscores every guess naming only the subject, whatever the prompt.
    const subjectOnly = heldOut.map((p) => scoreOf(p.prompt, 'main-subject'));
    expect(Math.min(...rewordings)).toBeGreaterThan(Math.max(...subjectOnly));
    let ordered = 0;
    let pairs = 0;
    for (const p of heldOut)
      RANKED.forEach((better, i) =>
        RANKED.slice(i + 1).forEach((worse) => {
          pairs++;
          if (scoreOf(p.prompt, better) > scoreOf(p.prompt, worse)) ordered++;
        }),
      );
    expect(ordered / pairs).toBeGreaterThanOrEqual(0.965);
    for (const p of heldOut) expect(scoreOf(p.prompt, 'keyword-dump')).toBeLessThan(scoreOf(p.prompt, 'main-subject'));
    expect(scores.slice(0, inputs.length).every((score) => score < 100)).toBe(true);
    expect(scores.slice(inputs.length).every((score) => score === 100)).toBe(true);
  });

  it.skipIf(!existsSync(stsbPath))(
    'STS-B: Spearman and cross-pair inversions at a gap of 2 human points hold',
    async () => {
      const rows = readFileSync(stsbPath, 'utf8')
        .split('\n')
        .slice(1)
        .filter((line) => line.trim() !== '')
        .map((line) => line.split('\t'));
      const gold = rows.map(([score]) => Number(score));
      const scores = await scorer.scoreMany(rows.map(([, prompt, guess]) => ({ prompt, guess })));
      let total = 0;
      let inverted = 0;
      for (let i = 0; i < gold.length; i++)
        for (let j = 0; j < gold.length; j++)
          if (gold[i] - gold[j] >= 2) {
            total++;
            inverted += scores[i] < scores[j] ? 1 : scores[i] === scores[j] ? 0.5 : 0;
          }
      expect(inverted / total).toBeLessThanOrEqual(0.044);
      expect(spearman(gold, scores)).toBeGreaterThanOrEqual(0.813);
    },
    600_000,
  ); // 2,758 texts through the model on a shared machine
});

function ranks(values: number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const out = new Array<number>(values.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1].value === order[i].value) j++;
    for (let k = i; k <= j; k++) out[order[k].index] = (i + j) / 2;
    i = j + 1;
  }
  return out;
}

function spearman(x: number[], y: number[]): number {
  const [a, b] = [ranks(x), ranks(y)];
  const mean = (v: number[]) => v.reduce((s, n) => s + n, 0) / v.length;
  const [ma, mb] = [mean(a), mean(b)];
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < a.length; i++) {
    cov += (a[i] - ma) * (b[i] - mb);
    va += (a[i] - ma) ** 2;
    vb += (b[i] - mb) ** 2;
  }
  return cov / Math.sqrt(va * vb);
}

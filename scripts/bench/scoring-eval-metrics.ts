/** Metrics of the scoring evaluation sets (see scoring-eval.ts); pure functions over scored rows. */

export const GRADES = ['same-meaning', 'main-subject', 'partial', 'loosely-related', 'unrelated', 'keyword-dump', 'typo'] as const;
export type Grade = (typeof GRADES)[number];
/**
 * Higher is better; keyword-dump is compared only against main-subject, typo only reported.
 * loosely-related (set 4 only: same world, nothing from the picture) ranks between partial and unrelated.
 */
export const RANK: Partial<Record<Grade, number>> = {
  'same-meaning': 3,
  'main-subject': 2,
  partial: 1,
  'loosely-related': 0.5,
  unrelated: 0,
};
/** The ranks of sets 1-3 (loosely-related counted as partial), so set 4's ordering compares with theirs. */
export const RANK_FOUR_GRADES: Partial<Record<Grade, number>> = { ...RANK, 'loosely-related': 1 };

export interface EvalPrompt extends Partial<Record<Grade, string[]>> {
  prompt: string;
  split?: 'tune' | 'holdout';
  style?: string;
}

export interface Row {
  prompt: string;
  split: string;
  grade: Grade;
  guess: string;
  score: number;
}

export function evalInputs(prompts: EvalPrompt[]) {
  return prompts.flatMap((p) => GRADES.flatMap((grade) => (p[grade] ?? []).map((guess) => ({ p, grade, guess }))));
}

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN);

/** Prompt length buckets in words. */
export function lengthBucket(prompt: string): string {
  const n = prompt.split(/\s+/).filter(Boolean).length;
  return n <= 6 ? '2-6 words' : n <= 12 ? '7-12 words' : n <= 20 ? '13-20 words' : '21+ words';
}

export function summarise(rows: Row[], exactScores: number[]) {
  const perGrade = GRADES.map((grade) => {
    const values = rows.filter((row) => row.grade === grade).map((row) => row.score);
    return { grade, n: values.length, mean: mean(values), min: Math.min(...values), max: Math.max(...values) };
  }).filter((g) => g.n > 0);
  let gradedOk = 0,
    gradedTotal = 0,
    fourOk = 0,
    fourTotal = 0,
    dumpOk = 0,
    dumpTotal = 0;
  const prompts = [...new Set(rows.map((row) => row.prompt))];
  for (const prompt of prompts) {
    const same = rows.filter((row) => row.prompt === prompt);
    for (const a of same)
      for (const b of same) {
        const ra = RANK[a.grade],
          rb = RANK[b.grade];
        if (ra !== undefined && rb !== undefined && ra > rb) gradedTotal++, a.score > b.score && gradedOk++;
        const fa = RANK_FOUR_GRADES[a.grade],
          fb = RANK_FOUR_GRADES[b.grade];
        if (fa !== undefined && fb !== undefined && fa > fb) fourTotal++, a.score > b.score && fourOk++;
        if (a.grade === 'main-subject' && b.grade === 'keyword-dump') dumpTotal++, a.score > b.score && dumpOk++;
      }
  }
  // Ties at the top: among the top 10 % of scores, the share that equals another guess's score for the same prompt.
  const sorted = [...rows].sort((a, b) => b.score - a.score);
  const top = sorted.slice(0, Math.max(1, Math.ceil(rows.length / 10)));
  const tied = top.filter((row) =>
    top.some((other) => other !== row && other.prompt === row.prompt && other.guess !== row.guess && other.score === row.score),
  );
  const byBucket = new Map<string, Row[]>();
  for (const row of rows) byBucket.set(lengthBucket(row.prompt), [...(byBucket.get(lengthBucket(row.prompt)) ?? []), row]);
  const lengthBuckets = [...byBucket].map(([bucket, bucketRows]) => ({
    bucket,
    prompts: new Set(bucketRows.map((row) => row.prompt)).size,
    means: Object.fromEntries(
      GRADES.map((grade) => [grade, mean(bucketRows.filter((row) => row.grade === grade).map((row) => row.score))]),
    ),
  }));
  return {
    perGrade,
    orderingAccuracy: gradedOk / gradedTotal,
    /** Same, with loosely-related counted as partial (equals orderingAccuracy on sets without it). */
    orderingAccuracyFourGrades: fourOk / fourTotal,
    keywordDumpBelowMainSubject: dumpOk / dumpTotal,
    unrelatedMean: mean(rows.filter((row) => row.grade === 'unrelated').map((row) => row.score)),
    paraphraseMean: mean(rows.filter((row) => row.grade === 'same-meaning').map((row) => row.score)),
    exactAll100: exactScores.every((score) => score === 100),
    inexactAt100: rows.filter((row) => row.score >= 100).length,
    topDecileTieRate: tied.length / top.length,
    lengthBuckets,
  };
}

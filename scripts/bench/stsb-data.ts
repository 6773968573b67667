/**
 * The STS Benchmark test split is outside data: it is not in the repo (its licence is for benchmarking, not
 * redistribution). Benchmarks that read it find it here, or say where to get it and skip.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../paths';

const WHERE_TO_GET_IT = `STS Benchmark test split (SemEval-2017 Task 1, "STS Benchmark" on the STS wiki, sts-test.csv: 1379 pairs).
  Convert it to a TSV with a header line and the columns score<TAB>sentence1<TAB>sentence2, then either
  pass its path as the first argument, set STSB_TSV=/path/to/sts-test.tsv, or put it at ../shared/bench/stsb/sts-test.tsv.`;

/** The TSV's path, or null after printing why the benchmark is skipped. */
export function stsbTsvPath(argument: string | undefined): string | null {
  const candidate = argument ?? process.env.STSB_TSV ?? path.resolve(repoRoot, '../shared/bench/stsb/sts-test.tsv');
  if (existsSync(candidate)) return candidate;
  console.log(`skipped: the STS-B data is not at ${candidate}.\n  Where to get it: ${WHERE_TO_GET_IT}`);
  return null;
}

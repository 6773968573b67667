/**
 * Scores guesses from the command line.
 *   stdin:  JSON lines {"prompt": "...", "guess": "..."}
 *   stdout: one JSON line per input line, in order: {"score": 0..100} or {"error": "..."}
 * Blank lines are skipped. Provider from SCORING_PROVIDER / OPENAI_* (validated by server/env.ts).
 * Exits non-zero only on fatal errors (bad configuration, model or provider failure).
 */
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { loadEnv } from '../server/env';
import { scoringConfigFrom } from '../server/scoring/scoring.config';
import { createScorer, type ScoreInput } from '../server/scoring/scorer';

const BATCH_SIZE = 64;
const lineSchema = z.object({ prompt: z.string(), guess: z.string() });

type Parsed = { input: ScoreInput } | { error: string };

function parseLine(line: string): Parsed {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return { error: 'invalid JSON' };
  }
  const result = lineSchema.safeParse(json);
  if (!result.success) return { error: result.error.issues.map((i) => `${i.path.join('.') || 'line'}: ${i.message}`).join('; ') };
  return { input: result.data };
}

async function write(text: string): Promise<void> {
  if (!process.stdout.write(text)) await once(process.stdout, 'drain');
}

async function main(): Promise<void> {
  const scorer = await createScorer(scoringConfigFrom(loadEnv()));
  let pending: Parsed[] = [];

  const flush = async () => {
    const valid = pending.flatMap((item) => ('input' in item ? [item.input] : []));
    const scores = valid.length > 0 ? await scorer.scoreMany(valid) : [];
    let next = 0;
    const out = pending.map((item) => JSON.stringify('input' in item ? { score: scores[next++] } : item)).join('\n');
    pending = [];
    await write(out + '\n');
  };

  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    if (line.trim() === '') continue;
    pending.push(parseLine(line));
    if (pending.length >= BATCH_SIZE) await flush();
  }
  if (pending.length > 0) await flush();
  await scorer.close();
}

main().catch((error: unknown) => {
  console.error(`score: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

/**
 * The difficulty estimates (server/scoring/difficulty.ts) of the starter pack's prompts, or of the prompts of a
 * manifest.json given as the argument, with the short descriptions behind each, lowest first.
 * Usage: tsx scripts/bench/scoring-difficulty.ts [path/to/manifest.json]
 */
import { readFile } from 'node:fs/promises';
import { estimateDifficulty, isHardToScore } from '../../server/scoring/difficulty';
import { createScorer } from '../../server/scoring/scorer';
import { shortDescriptions } from '../../server/scoring/scoring.lexical';

const manifest = process.argv[2] ?? new URL('../../packs/starter/manifest.json', import.meta.url).pathname;
const prompts = (JSON.parse(await readFile(manifest, 'utf8')) as Array<{ prompt: string }>).map((entry) => entry.prompt);
const scorer = await createScorer({ provider: 'minilm', workers: 1 });
const difficulty = await estimateDifficulty(scorer, prompts, await scorer.embedPrompts(prompts));
const descriptions = await scorer.scoreMany(prompts.flatMap((prompt) => shortDescriptions(prompt).map((guess) => ({ prompt, guess }))));
await scorer.close();
let next = 0;
const rows = prompts.map((prompt, i) => {
  const list = shortDescriptions(prompt);
  const scores = descriptions.slice(next, (next += list.length));
  return { prompt, difficulty: difficulty[i], detail: list.map((d, j) => `"${d}" ${scores[j]}`).join(', ') };
});
for (const row of rows.sort((a, b) => a.difficulty - b.difficulty))
  console.log(
    `${row.difficulty.toFixed(1).padStart(5)}${isHardToScore(row.difficulty) ? ' HARD' : '     '}  ${row.prompt.slice(0, 80)}\n        ${row.detail}`,
  );

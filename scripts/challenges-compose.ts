/**
 * Composes challenge prompts offline:  npm run challenges:compose -- --count 300 [--theme space --theme food] [--seed 7]
 * Prints the prompts, one per line, on stdout (a summary on stderr): concrete scenes of 4–25 words from the curated
 * vocabularies (server/challenges/compose/), no two near-duplicates by the scoring model. The same seed gives the same
 * prompts. Edit the lines, then generate images from them (console) or pair them with your own images (pack).
 */
import { parseArgs } from 'node:util';
import { composePrompts, MAX_COMPOSE_COUNT } from '../server/challenges/compose/compose';
import { THEME_NAMES, type ThemeName } from '../server/challenges/compose/compose.vocabulary';
import { EnvError, loadEnv } from '../server/env';
import { scoringConfigFrom } from '../server/scoring/scoring.config';
import { createScorer } from '../server/scoring/scorer';

const usage = `Usage: npm run challenges:compose -- --count N [--theme ${THEME_NAMES.join('|')}]... [--seed S]`;

async function main() {
  const { values } = parseArgs({
    options: {
      count: { type: 'string' },
      theme: { type: 'string', multiple: true },
      seed: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > MAX_COMPOSE_COUNT) {
    console.error(`--count must be a whole number from 1 to ${MAX_COMPOSE_COUNT}.\n${usage}`);
    process.exit(2);
  }
  const themes = (values.theme ?? []).flatMap((theme) => theme.split(',')).map((theme) => theme.trim().toLowerCase());
  const unknown = themes.filter((theme) => !THEME_NAMES.includes(theme as ThemeName));
  if (unknown.length > 0) {
    console.error(`Unknown theme${unknown.length === 1 ? '' : 's'}: ${unknown.join(', ')}. Themes: ${THEME_NAMES.join(', ')}.`);
    process.exit(2);
  }
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isInteger(seed)) {
    console.error(`--seed must be a whole number.\n${usage}`);
    process.exit(2);
  }
  const scorer = await createScorer(scoringConfigFrom(loadEnv()));
  try {
    const result = await composePrompts({ count, themes: themes as ThemeName[], seed, embed: (texts) => scorer.embed(texts) });
    process.stdout.write(`${result.prompts.join('\n')}\n`);
    console.error(
      `Composed ${result.prompts.length} prompt${result.prompts.length === 1 ? '' : 's'} (seed ${result.seed}; ${result.rejected} near-duplicate candidates dropped).`,
    );
    if (result.prompts.length < count) console.error(`Only ${result.prompts.length} distinct prompts: add themes for more.`);
  } finally {
    await scorer.close();
  }
}

main().catch((error) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});

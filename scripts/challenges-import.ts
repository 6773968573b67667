/**
 * Imports a challenge pack into the pool:  npm run challenges:import -- <folder-or-zip>
 * The pack holds manifest.json ([{"file": "images/001.webp", "prompt": "..."}], extra fields ignored) and the images.
 * Every problem is listed and nothing is imported if there is any; re-importing adds nothing twice.
 * Uses DATABASE_URL / DATA_DIR / SCORING_PROVIDER like the server. With the embedded database (no DATABASE_URL),
 * stop the server first: PGlite allows one process at a time.
 */
import path from 'node:path';
import { openConfiguredDatabase } from '../server/db/client';
import { EnvError, loadEnv } from '../server/env';
import { ChallengePackError, importChallengePack } from '../server/game/challenge-import.service';
import { scoringConfigFrom } from '../server/scoring/scoring.config';
import { createScorer } from '../server/scoring/scorer';
import { createLocalImageStorage } from '../server/storage/image-storage';

async function main() {
  const packPath = process.argv[2];
  if (!packPath || packPath === '--help') {
    console.log('Usage: npm run challenges:import -- <folder-or-zip>');
    process.exit(packPath ? 0 : 2);
  }
  const env = loadEnv();
  const database = await openConfiguredDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  try {
    const scorer = await createScorer(scoringConfigFrom(env));
    const storage = createLocalImageStorage(path.join(env.dataDir, 'images'));
    const summary = await importChallengePack({ db: database.db, storage, scorer }, path.resolve(packPath)).finally(() => scorer.close());
    console.log(`Imported ${summary.imported} challenge${summary.imported === 1 ? '' : 's'}, skipped ${summary.skipped} already present (${summary.total} in the pack).`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  if (error instanceof ChallengePackError || error instanceof EnvError) console.error(error.message);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

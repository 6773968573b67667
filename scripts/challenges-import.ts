/**
 * Imports a challenge pack into the pool:  npm run challenges:import -- <folder-or-zip>
 * The pack holds manifest.json ([{"file": "images/001.webp", "prompt": "..."}], extra fields ignored) and the images.
 * Every problem is listed and nothing is imported if there is any; re-importing adds nothing twice.
 * Uses DATABASE_URL / DATA_DIR / SCORING_PROVIDER like the server. With the embedded database and a server running,
 * the running server does the import (scripts/cli-database.ts); PGlite allows one process at a time.
 */
import path from 'node:path';
import { AUDIT_ACTIONS } from '@contracts/admin.rules';
import { HARD_TO_SCORE_BELOW } from '@contracts/admin-challenges.rules';
import { CONTROL_PATHS } from '../server/admin/admin-control.routes';
import { COMMAND_LINE_ACTOR, recordAudit } from '../server/audit/audit.service';
import { EnvError, loadEnv } from '../server/env';
import { ChallengePackError, importChallengePack, type ImportSummary } from '../server/challenges/challenges-import.service';
import { scoringConfigFrom } from '../server/scoring/scoring.config';
import { createScorer } from '../server/scoring/scorer';
import { imageStorageFrom } from '../server/storage/configured-image-storage';
import { CliRefusal, withDatabaseOrServer } from './cli-database';

async function main() {
  const packPath = process.argv[2];
  if (!packPath || packPath === '--help') {
    console.log('Usage: npm run challenges:import -- <folder-or-zip>');
    process.exit(packPath ? 0 : 2);
  }
  const env = loadEnv();
  const pack = path.resolve(packPath);
  let via = '';
  const summary = await withDatabaseOrServer<Pick<ImportSummary, 'imported' | 'skipped' | 'total' | 'hardToScore' | 'flags'>>(
    env,
    'npm run challenges:import',
    {
      async direct(database) {
        const scorer = await createScorer(scoringConfigFrom(env));
        const storage = imageStorageFrom(env);
        const result = await importChallengePack({ db: database.db, storage, scorer }, pack).finally(() => scorer.close());
        await recordAudit(database.db, COMMAND_LINE_ACTOR, {
          action: AUDIT_ACTIONS.challengesImport,
          details: { imported: result.imported, skipped: result.skipped, total: result.total, pack: path.basename(pack) },
        });
        return result;
      },
      viaServer(control) {
        via = ` (done by the running server, pid ${control.holder.pid})`;
        return control.post(CONTROL_PATHS.challengesImport, { packPath: pack });
      },
    },
  );
  console.log(
    `Imported ${summary.imported} challenge${summary.imported === 1 ? '' : 's'}, skipped ${summary.skipped} already present (${summary.total} in the pack).${via}`,
  );
  // The prompt check: imported anyway, the organizer decides (disable one in the console's pool check).
  const flags = summary.flags ?? [];
  if (flags.length > 0) {
    console.log(`The prompt check found ${flags.length} thing${flags.length === 1 ? '' : 's'} to look at:`);
    for (const flag of flags) console.log(`  - ${flag.message}`);
  }
  // Images on which a good short description cannot score (the difficulty estimate, scoring/difficulty.ts).
  const hard = summary.hardToScore ?? [];
  if (hard.length > 0) {
    console.log(`Hard to score (a good short description scores under ${HARD_TO_SCORE_BELOW} %): consider disabling them.`);
    for (const item of hard) console.log(`  - "${item.prompt}": difficulty ${item.difficulty.toFixed(1)}`);
  }
}

main().catch((error) => {
  if (error instanceof ChallengePackError || error instanceof EnvError || error instanceof CliRefusal) console.error(error.message);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

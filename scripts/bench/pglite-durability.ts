// `npm run bench:pglite-durability -- [guesses=300] [dir=./data/bench-durability]`: what fsync at commit costs per
// guess on embedded PGlite. Same schema and the same write a guess makes (an attempts row update in a transaction),
// on a real directory, durable (the default) vs PGlite as shipped (no fsync). Run it on the disk the booth uses.
import { sql } from 'drizzle-orm';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { migrateDatabase, openDatabase, rowsOf } from '../../server/db/client';
import { summarize } from './bench-server';

const guesses = Number(process.argv[2] ?? 300);
const baseDir = path.resolve(process.argv[3] ?? './data/bench-durability');

async function run(durable: boolean) {
  const dir = path.join(baseDir, durable ? 'durable' : 'shipped');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const database = await openDatabase({ pgliteDir: dir, pgliteDurable: durable });
  await migrateDatabase(database);
  const { db } = database;
  await db.execute(sql`insert into "user" (id, name, email) values ('bench', '', 'bench@example.test')`);
  await db.execute(sql`insert into challenges (image_key, prompt, content_hash) values ('k.webp', 'a prompt', 'h')`);
  const [challenge] = rowsOf<{ id: string }>(await db.execute(sql`select id from challenges limit 1`));
  const samples: number[] = [];
  const fsyncsBefore = (await database.pgliteFsyncStats!()).calls;
  for (let i = 0; i < guesses; i++) {
    const started = performance.now();
    await db.transaction(async (tx) => {
      if (i % 3 === 0) {
        await tx.execute(sql`delete from attempts where user_id = 'bench'`);
        await tx.execute(sql`insert into attempts (user_id, challenge_id) values ('bench', ${challenge.id})`);
      }
      await tx.execute(sql`update attempts set guess_1 = ${`guess ${i}`}, score_1 = ${i % 100} where user_id = 'bench'`);
    });
    samples.push(performance.now() - started);
  }
  const fsyncs = (await database.pgliteFsyncStats!()).calls - fsyncsBefore;
  await database.close();
  rmSync(dir, { recursive: true, force: true });
  return { ...summarize(samples), fsyncsPerGuess: Math.round((fsyncs / guesses) * 100) / 100 };
}

const shipped = await run(false);
const durable = await run(true);
console.log(`PGlite, ${guesses} guess writes on ${baseDir} (ms per guess write):`);
console.log('  as shipped (no fsync):', JSON.stringify(shipped));
console.log('  durable (default)    :', JSON.stringify(durable));
console.log(`  cost of durability at p50: +${Math.round((durable.p50 - shipped.p50) * 100) / 100} ms per guess`);

// What a database-backed rate limit costs per request (server/limits): the store's one-statement checks against
// PGlite in memory (the default) or PostgreSQL (DATABASE_URL), sequential and concurrent.
//   npm run bench:limits [-- --checks 2000 --concurrency 20]
import { parseArgs } from 'node:util';
import { migrateDatabase, openDatabase } from '../../server/db/client';
import { windowRules, backoffRules } from '../../server/limits/limits.rules';
import { createLimitStore } from '../../server/limits/limits.store';
import { summarize } from './bench-server';

const { values } = parseArgs({ options: { checks: { type: 'string', default: '2000' }, concurrency: { type: 'string', default: '20' } } });
const CHECKS = Math.min(50_000, Number(values.checks));
const CONCURRENCY = Math.min(200, Number(values.concurrency));

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: CONCURRENCY });
  await migrateDatabase(database);
  const store = createLimitStore(database.db);
  const run = async (label: string, op: (i: number) => Promise<unknown>, concurrency: number) => {
    const samples: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < CHECKS) {
          const i = next++;
          const t0 = performance.now();
          await op(i);
          samples.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return { label, concurrency, perSecond: Math.round(CHECKS / seconds), ms: summarize(samples) };
  };
  const results = [];
  // A guess: one window rule on the player (1,000 players).
  results.push(await run('guess (1 rule)', (i) => store.hit([{ rule: windowRules.guessPerPlayer, on: `user-${i % 1000}` }]), 1));
  results.push(await run('guess (1 rule)', (i) => store.hit([{ rule: windowRules.guessPerPlayer, on: `user-${i % 1000}` }]), CONCURRENCY));
  // A sign-in: two window rules on one address (a venue NAT: every request on the same rows) plus the backoff read.
  const signIn = async (i: number) => {
    await store.hit([
      { rule: windowRules.authPerAddress, on: '203.0.113.5' },
      { rule: windowRules.signInPerAddress, on: '203.0.113.5' },
    ]);
    await store.checkBackoff([
      { rule: backoffRules.signInFailAccountAddress, on: `p${i % 500}@example.test|203.0.113.5` },
      { rule: backoffRules.signInFailAccount, on: `p${i % 500}@example.test` },
      { rule: backoffRules.signInFailAddress, on: '203.0.113.5' },
    ]);
  };
  results.push(await run('sign-in (2 rules + backoff read, one hot address)', signIn, 1));
  results.push(await run('sign-in (2 rules + backoff read, one hot address)', signIn, CONCURRENCY));
  console.log(JSON.stringify({ database: database.kind, checks: CHECKS, results }, null, 2));
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

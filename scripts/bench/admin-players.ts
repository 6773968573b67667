// `npm run bench:admin-players [-- --players 10000 --postgres]`: the organizer's players table with many players.
// Seeds N players (profiles, 0–4 finished games each, one session each) in bulk SQL, then times the same statement
// GET /api/admin/players runs (selectPlayers), for each sort column both ways, with and without a search, on the
// first and a deep page. Prints p50/p95/max server-side query time per case. PGlite in memory by default;
// --postgres uses a throw-away database on TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { AdminPlayersQuery } from '@contracts/admin-players';
import { ADMIN_PLAYER_SORT_KEYS } from '@contracts/admin.rules';
import { migrateDatabase, openDatabase, rowsOf, type Database } from '../../server/db/client';
import { selectPlayers } from '../../server/players/players.admin.queries';

const { values } = parseArgs({
  options: {
    players: { type: 'string', default: '10000' },
    postgres: { type: 'boolean', default: false },
    runs: { type: 'string', default: '15' },
  },
});
const playerCount = Number(values.players);
const runs = Number(values.runs);

async function open(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (!values.postgres) {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `gg_bench_admin_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const database = await openDatabase({ databaseUrl: Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString() });
  return {
    database,
    async drop() {
      await database.close();
      await admin.query(`drop database ${name}`);
      await admin.end();
    },
  };
}

async function seed(database: Database) {
  const { db } = database;
  await db.execute(sql`insert into "user" (id, name, email, email_verified, created_at)
    select 'u' || i, '', 'player' || i || '@example.test', true, now() - (i || ' seconds')::interval from generate_series(1, ${playerCount}) i`);
  await db.execute(sql`insert into profiles (id, display_name, phone_number)
    select 'u' || i, 'Player' || i, case when i % 3 = 0 then '+49 170 ' || i end from generate_series(1, ${playerCount}) i`);
  await db.execute(sql`insert into session (id, token, user_id, expires_at, updated_at)
    select 's' || i, 't' || i, 'u' || i, now() + interval '7 days', now() - ((i % 600) || ' minutes')::interval from generate_series(1, ${playerCount}) i`);
  // 0–4 finished games per player (2 on average): one challenge each, as without prompt reuse.
  await db.execute(sql`insert into challenges (image_key, prompt, content_hash, claimed_at)
    select 'k' || g, 'prompt ' || g, 'h' || g, now() from generate_series(1, ${playerCount * 2}) g`);
  await db.execute(sql`insert into attempts (user_id, challenge_id, created_at, guess_1, guess_2, guess_3, score_1, score_2, score_3, final_score, completed_at)
    select 'u' || (1 + (n % ${playerCount})), c.id, now() - ((n % 500) || ' minutes')::interval, 'a', 'b', 'c', s, s, s, s, now() - ((n % 500) || ' minutes')::interval + interval '1 minute'
    from (select row_number() over () as n, id from challenges) c, lateral (select (n * 37 % 1000) / 10.0 as s) score
    where (n % ${playerCount}) % 5 <> 0 or n <= ${playerCount}`);
  await db.execute(sql`analyze`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const { database, drop } = await open();
  try {
    await migrateDatabase(database);
    const seeding = performance.now();
    await seed(database);
    const counts = {
      rows: rowsOf<{ users: number; attempts: number }>(
        await database.db.execute(
          sql`select (select count(*) from "user")::int as users, (select count(*) from attempts)::int as attempts`,
        ),
      ),
    };
    console.log(
      `${database.kind}: ${counts.rows[0].users} players, ${counts.rows[0].attempts} finished games (seeded in ${Math.round(performance.now() - seeding)} ms)`,
    );
    console.log('case | p50 ms | p95 ms | max ms | rows');
    const cases: Array<[string, AdminPlayersQuery]> = [];
    for (const sort of ADMIN_PLAYER_SORT_KEYS)
      for (const dir of ['asc', 'desc'] as const) cases.push([`sort=${sort} ${dir}`, { sort, dir, page: 1, pageSize: 50 }]);
    cases.push(['sort=rank asc, page 100', { sort: 'rank', dir: 'asc', page: 100, pageSize: 50 }]);
    cases.push(['search "player12" (by e-mail/name)', { q: 'player12', sort: 'signedUpAt', dir: 'desc', page: 1, pageSize: 50 }]);
    cases.push(['search "nobody-matches"', { q: 'nobody-matches', sort: 'score', dir: 'desc', page: 1, pageSize: 50 }]);
    const all: number[] = [];
    for (const [label, query] of cases) {
      await selectPlayers(database.db, query); // warm-up
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        rows = (await selectPlayers(database.db, query)).players.length;
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      all.push(...times);
      console.log(
        `${label} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${times.at(-1)!.toFixed(1)} | ${rows}`,
      );
    }
    all.sort((a, b) => a - b);
    console.log(`all cases | ${percentile(all, 50).toFixed(1)} | ${percentile(all, 95).toFixed(1)} | ${all.at(-1)!.toFixed(1)} |`);
  } finally {
    await drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

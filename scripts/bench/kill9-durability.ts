// `npm run bench:kill9 -- [rounds=10] [players=8]`: the long kill -9 run. Each round: start the real server on one
// data directory (PGlite; DATABASE_URL=postgres://… for PostgreSQL), new players play for a few seconds, SIGKILL,
// restart, and every guess the server acknowledged must still be there. Prints acknowledged guesses and any loss.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, missingAcks, playThenKill, startGameServer } from '../../tests/support/kill9-load';

const rounds = Number(process.argv[2] ?? 10);
const players = Number(process.argv[3] ?? 8);

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gg-kill9-bench-'));
  const databaseUrl = process.env.DATABASE_URL;
  const port = await freePort();
  let acknowledged = 0;
  let lost = 0;
  for (let round = 0; round < rounds; round++) {
    const server = await startGameServer({ port, dataDir, databaseUrl });
    const acks = await playThenKill(server.baseUrl, server.child, {
      players,
      gamesPerPlayer: 3,
      loadMs: 1500 + Math.random() * 2000,
      firstIndex: round * players,
    });
    const check = await startGameServer({ port, dataDir, databaseUrl });
    const missing = await missingAcks(check.baseUrl, acks);
    check.child.kill('SIGTERM');
    await new Promise((resolve) => check.child.once('exit', resolve));
    acknowledged += acks.length;
    lost += missing.length;
    console.log(`round ${round + 1}/${rounds}: ${acks.length} acknowledged guesses, ${missing.length} missing after kill -9`);
  }
  console.log(
    `\n${databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${rounds} kill -9s, ${acknowledged} acknowledged guesses, ${lost} lost (data dir ${dataDir})`,
  );
  if (lost > 0) process.exitCode = 1;
}

await main();

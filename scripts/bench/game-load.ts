// `npm run bench:game`: open-loop load on the real server. Players are signed up and each starts a challenge
// first (not measured); then guesses ARRIVE AT A FIXED RATE, whether or not earlier ones have been answered
// (a player's 3 guesses are spread over the run, in slot order). Latency is measured from each guess's scheduled
// arrival, so a server that falls behind shows it (no coordinated omission). Reports guesses served per second,
// p50/p95/p99, 503 refusals (saturation), the server's CPU seconds per guess (all threads) and peak RSS.
// Usage: npm run bench:game -- [rate=50] [seconds=10] [pg|pglite]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import path from 'node:path';
import { demoPackDir } from '../paths';
import { createBenchPlayer, startBenchServer, summarize } from './bench-server';

const rate = Number(process.argv[2] ?? 50);
const seconds = Number(process.argv[3] ?? 10);
const pglite = process.argv[4] === 'pglite';
const totalGuesses = Math.round(rate * seconds);
const players = Math.ceil(totalGuesses / 3);

/**
 * A pack with one challenge per player (no prompt is handed out twice): the demo images, each hue-shifted so the
 * importer sees distinct images, with generated prompts.
 */
async function buildSyntheticPack(size: number): Promise<string> {
  const dir = `/tmp/gg-bench-pack-${size}-${Date.now()}`;
  mkdirSync(path.join(dir, 'images'), { recursive: true });
  const demo = JSON.parse(readFileSync(path.join(demoPackDir, 'manifest.json'), 'utf8')) as Array<{ file: string; prompt: string }>;
  const styles = ['oil painting', 'watercolor', 'neon cyberpunk', 'studio photo', 'pixel art', 'pencil sketch', 'low poly 3d render', 'vintage postcard'];
  const manifest = Array.from({ length: size }, (_, i) => {
    const base = demo[i % demo.length];
    return { base: base.file, file: `images/${String(i).padStart(4, '0')}.webp`, prompt: `${base.prompt}, ${styles[i % styles.length]}, variation ${i}` };
  });
  for (const [i, entry] of manifest.entries()) {
    await sharp(path.join(demoPackDir, entry.base)).modulate({ hue: (i * 7) % 360, lightness: Math.floor(i / 360) * 2 }).webp().toFile(path.join(dir, entry.file));
  }
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

const guesses = ['a cat sitting on a sofa', 'a dragon flying over a city at night', 'a colorful painting of animals in space'];

async function main() {
  const pack = await buildSyntheticPack(players);
  const server = await startBenchServer({ port: 3190, env: { CHALLENGE_PACK: pack, LOG_LEVEL: 'error' }, pglite });
  try {
    console.log(`server up on ${pglite ? 'PGlite' : 'PostgreSQL'}; creating ${players} players…`);
    const accounts: Array<{ cookie: string; attemptId: string; previous: Promise<unknown>; stored: number }> = [];
    for (let i = 0; i < players; i += 4) {
      const batch = await Promise.all(Array.from({ length: Math.min(4, players - i) }, (_, k) => createBenchPlayer(server.baseUrl, i + k)));
      for (const { cookie } of batch) {
        const response = await fetch(`${server.baseUrl}/api/game/start`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.baseUrl, cookie }, body: '{}' });
        if (!response.ok) throw new Error(`start ${response.status} ${await response.text()}`);
        accounts.push({ cookie, attemptId: ((await response.json()) as { attempt: { id: string } }).attempt.id, previous: Promise.resolve(), stored: 0 });
      }
    }

    const rssBeforeLoadMiB = Math.round(server.rssMiB());
    const latencies: number[] = [];
    const servedLatencies: number[] = [];
    const statuses = new Map<number, number>();
    const cpuBefore = server.cpuSeconds();
    const t0 = performance.now();
    const inFlight: Promise<unknown>[] = [];
    for (let k = 0; k < totalGuesses; k++) {
      const scheduled = t0 + (k * 1000) / rate;
      const wait = scheduled - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      // Guess k goes to player k % players: a player's guesses are seconds/3 apart. It names the next free slot, as
      // the phone would after a refused (503) guess, so a refusal does not turn the player's later guesses into 409s.
      const account = accounts[k % players];
      const send = account.previous.then(async () => {
        const slot = account.stored + 1;
        const response = await fetch(`${server.baseUrl}/api/game/attempts/${account.attemptId}/guesses`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.baseUrl, cookie: account.cookie },
          body: JSON.stringify({ guess: guesses[slot - 1], guessNumber: slot }),
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - scheduled);
        if (response.status === 200) {
          account.stored++;
          servedLatencies.push(performance.now() - scheduled);
        }
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      });
      account.previous = send.catch(() => {});
      inFlight.push(send);
    }
    await Promise.allSettled(inFlight);
    const elapsed = (performance.now() - t0) / 1000;
    const served = statuses.get(200) ?? 0;
    const result = {
      database: pglite ? 'pglite' : 'postgres',
      offeredPerSecond: rate,
      seconds,
      guesses: totalGuesses,
      servedPerSecond: Math.round((served / elapsed) * 10) / 10,
      statuses: Object.fromEntries(statuses),
      guessMs: summarize(latencies),
      // Of the guesses scored and stored only: fast 503 refusals past saturation would flatter guessMs.
      servedGuessMs: summarize(servedLatencies),
      serverCpuMsPerGuess: Math.round(((server.cpuSeconds() - cpuBefore) * 1000) / totalGuesses * 10) / 10,
      serverRssMiB: { beforeLoad: rssBeforeLoadMiB, afterLoad: Math.round(server.rssMiB()), peak: Math.round(server.peakRssMiB()) },
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

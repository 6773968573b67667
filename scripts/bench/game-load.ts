// `npm run bench:game`: many simulated players each doing START CHALLENGE + 3 guesses against the real
// server on PostgreSQL. Reports p50/p95/p99 latency per call, guesses per second and the server's peak memory.
// Usage: npm run bench:game -- [players=200] [concurrency=50]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import path from 'node:path';
import { demoPackDir } from '../paths';
import { createBenchPlayer, startBenchServer, summarize } from './bench-server';

const players = Number(process.argv[2] ?? 200);
const concurrency = Number(process.argv[3] ?? 50);

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
    await sharp(path.join(demoPackDir, entry.base)).modulate({ hue: (i * 7) % 360 }).webp().toFile(path.join(dir, entry.file));
  }
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

const guesses = ['a cat sitting on a sofa', 'a dragon flying over a city at night', 'a colorful painting of animals in space'];

async function main() {
  const pack = await buildSyntheticPack(players);
  const server = await startBenchServer({ port: 3190, env: { CHALLENGE_PACK: pack } });
  try {
    console.log(`server up on PostgreSQL; creating ${players} players…`);
    const accounts: Array<{ cookie: string; email: string }> = [];
    for (let i = 0; i < players; i++) accounts.push(await createBenchPlayer(server.baseUrl, i));

    const latencies = { start: [] as number[], guess: [] as number[] };
    let failures = 0;
    const timed = async (kind: keyof typeof latencies, url: string, body: unknown, cookie: string) => {
      const t0 = performance.now();
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.baseUrl, cookie }, body: JSON.stringify(body) });
      const json = await response.json();
      latencies[kind].push(performance.now() - t0);
      if (!response.ok) {
        failures++;
        throw new Error(`${kind} ${response.status} ${JSON.stringify(json)}`);
      }
      return json as { attempt: { id: string } };
    };

    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < accounts.length) {
          const { cookie } = accounts[next++];
          const { attempt } = await timed('start', `${server.baseUrl}/api/game/start`, {}, cookie);
          for (const [index, guess] of guesses.entries()) {
            await timed('guess', `${server.baseUrl}/api/game/attempts/${attempt.id}/guesses`, { guess, guessNumber: index + 1 }, cookie);
          }
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const all = [...latencies.start, ...latencies.guess];
    const result = {
      players,
      concurrency,
      seconds: Math.round(seconds * 10) / 10,
      guessesPerSecond: Math.round((latencies.guess.length / seconds) * 10) / 10,
      requestsPerSecond: Math.round((all.length / seconds) * 10) / 10,
      failures,
      startMs: summarize(latencies.start),
      guessMs: summarize(latencies.guess),
      allMs: summarize(all),
      serverPeakRssMiB: Math.round(server.peakRssMiB()),
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

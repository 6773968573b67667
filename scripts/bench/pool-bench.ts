/**
 * Challenge pool benchmarks:  npm run bench:pool
 *  1. importing a 500-challenge pack (folder of 512×512 PNGs): wall time and peak RSS;
 *  2. generation throughput against the local fake provider (fixed latency per image) at concurrency 1 / 4 / 8.
 * Embedded PGlite in a temporary folder, the real MiniLM scorer, images on local disk. BENCH_IMPORT_COUNT,
 * BENCH_GEN_COUNT and BENCH_GEN_LATENCY_MS override the sizes.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { importChallengePack } from '../../server/challenges/challenges-import.service';
import { createGenerationService } from '../../server/challenges/generation.service';
import { createGenerationWorker } from '../../server/challenges/generation.worker';
import { openAiImagesProvider } from '../../server/challenges/image-providers';
import { openConfiguredDatabase } from '../../server/db/client';
import { generationItems } from '../../server/db/tables/challenges.tables';
import { createScorer } from '../../server/scoring/scorer';
import { createLocalImageStorage } from '../../server/storage/image-storage';
import { startFakeImageProvider } from '../../tests/support/fake-image-provider';

const importCount = Number(process.env.BENCH_IMPORT_COUNT ?? 500);
const genCount = Number(process.env.BENCH_GEN_COUNT ?? 32);
const latencyMs = Number(process.env.BENCH_GEN_LATENCY_MS ?? 250);

async function writeBenchPack(dir: string, count: number) {
  await mkdir(path.join(dir, 'images'), { recursive: true });
  const manifest = [];
  for (let n = 0; n < count; n++) {
    const colour = { r: (n * 37) % 256, g: (n * 91) % 256, b: (n * 53) % 256 };
    const noise = Buffer.alloc(64 * 64 * 3, n % 251);
    const image = await sharp({ create: { width: 512, height: 512, channels: 3, background: colour } })
      .composite([{ input: noise, raw: { width: 64, height: 64, channels: 3 }, top: (n * 7) % 448, left: (n * 13) % 448 }])
      .png()
      .toBuffer();
    await writeFile(path.join(dir, 'images', `${n}.png`), image);
    manifest.push({
      file: `images/${n}.png`,
      prompt: `bench prompt ${n}: a ${['red', 'green', 'blue', 'gold'][n % 4]} square with a patch ${n}`,
    });
  }
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
}

async function main() {
  const root = await mkdtemp(path.join(tmpdir(), 'gg-pool-bench-'));
  const database = await openConfiguredDatabase({ dataDir: path.join(root, 'data') });
  const storage = createLocalImageStorage(path.join(root, 'images'));
  const scorer = await createScorer({ provider: 'minilm' });
  try {
    // 1. Import.
    const packDir = path.join(root, 'pack');
    await writeBenchPack(packDir, importCount);
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const started = performance.now();
    const summary = await importChallengePack({ db: database.db, storage, scorer }, packDir);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    console.log(
      `import: ${summary.imported} challenges in ${seconds.toFixed(1)} s (${(summary.imported / seconds).toFixed(1)}/s); RSS ${Math.round(rssBefore / 1e6)} MB before, peak ${Math.round(peak / 1e6)} MB (+${Math.round((peak - rssBefore) / 1e6)} MB)`,
    );

    // 2. Generation throughput.
    const fake = await startFakeImageProvider({ delayMs: latencyMs });
    const provider = openAiImagesProvider({ baseUrl: `${fake.url}/v1`, model: 'bench', size: '512x512' });
    const service = createGenerationService({ db: database.db, configured: () => true });
    for (const concurrency of [1, 4, 8]) {
      const prompts = Array.from({ length: genCount }, (_, n) => `generation bench c${concurrency} prompt ${n} ${randomUUID()}`);
      const run = await service.start({ provider: 'openai', prompts }, null as unknown as string);
      const worker = createGenerationWorker({
        database,
        storage,
        scorer,
        service,
        providers: { openai: provider },
        concurrency,
        timeoutMs: 30_000,
        maxTries: 3,
        backoffMs: 100,
        leaseMs: 30_000,
        pollMs: 50,
        instanceId: `bench-${concurrency}`,
      });
      const t0 = performance.now();
      await worker.start();
      for (;;) {
        const items = await database.db
          .select({ status: generationItems.status })
          .from(generationItems)
          .where(eq(generationItems.runId, run.id));
        if (items.every((item) => item.status === 'generated' || item.status === 'failed')) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const elapsed = (performance.now() - t0) / 1000;
      await worker.stop();
      console.log(
        `generation: concurrency ${concurrency}: ${genCount} images in ${elapsed.toFixed(1)} s = ${((genCount / elapsed) * 60).toFixed(0)} images/min (provider latency ${latencyMs} ms)`,
      );
    }
    await fake.close();
  } finally {
    await database.close();
    await rm(root, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

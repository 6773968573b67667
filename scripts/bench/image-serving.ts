/**
 * Image serving latency through the app (GET /api/images/:key), disk vs S3:  npm run bench:images
 * The S3 side is s3rver on loopback (a real S3-protocol server, files on local disk), so the numbers show the
 * protocol and SDK overhead, not a real network round trip to a cloud bucket. 100 images, 600 requests each.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../../server/app';
import { migrateDatabase, openDatabase } from '../../server/db/client';
import { loadEnv } from '../../server/env';
import { createLocalImageStorage, newImageKey, type ImageStorage } from '../../server/storage/image-storage';
import { startS3Server } from '../../tests/support/s3-server';

const REQUESTS = 600;

async function measure(label: string, storage: ImageStorage, dataDir: string) {
  const database = await openDatabase({});
  await migrateDatabase(database);
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, GENERATION_WORKER: 'false' });
  const scorer = { embedderId: 'none', embed: async () => [], score: async () => 0 } as never;
  const app = await buildApp({ env, database, authSecret: 'bench-secret-bench-secret-bench-secret-00', scorer, storage, logger: false });
  await app.ready();
  const keys: string[] = [];
  for (let n = 0; n < 100; n++) {
    const key = newImageKey('image/webp');
    const bytes = await sharp({ create: { width: 860, height: 860, channels: 3, background: { r: n, g: 255 - n, b: (n * 7) % 256 } } })
      .webp({ quality: 78 })
      .toBuffer();
    await storage.put(key, bytes, 'image/webp');
    keys.push(key);
  }
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: `/api/images/${keys[i % keys.length]}` });
    if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.floor(q * (times.length - 1))].toFixed(2);
  console.log(`${label}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms over ${REQUESTS} requests`);
  await app.close();
  await database.close();
}

async function main() {
  const root = await mkdtemp(path.join(tmpdir(), 'gg-img-bench-'));
  const s3 = await startS3Server('bench');
  try {
    await measure('disk', createLocalImageStorage(path.join(root, 'images')), root);
    await measure('s3 (s3rver on loopback)', s3.storage, root);
  } finally {
    await s3.close();
    await rm(root, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

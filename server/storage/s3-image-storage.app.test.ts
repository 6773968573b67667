import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminChallengesResponse, GenerationRun } from '@contracts/admin-challenges';
import { startFakeImageProvider, type FakeImageProvider } from '../../tests/support/fake-image-provider';
import { generatedImage, writePack, zipFiles } from '../../tests/support/game';
import { createPlayer, type TestPlayer } from '../../tests/support/players';
import { startS3Server } from '../../tests/support/s3-server';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';
import { createLocalImageStorage, newImageKey } from './image-storage';
import { IMAGE_CACHE_CONTROL } from './s3-image-storage';
import { migrateImagesToS3 } from './storage-migrate';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let fake: FakeImageProvider;
let t: TestApp;
let organizer: TestPlayer;
beforeAll(async () => {
  s3 = await startS3Server();
  fake = await startFakeImageProvider();
  t = await createTestApp({ IMAGES_OPENAI_BASE_URL: `${fake.url}/v1`, GENERATION_POLL_MS: '50' }, { storage: s3.storage });
  organizer = await createPlayer(t.app, t.database.db, { role: 'organizer' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await s3?.close();
});

const objectKeys = async () =>
  ((await s3.storage.client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket }))).Contents ?? []).map((object) => object.Key!);

describe('images in an S3-compatible bucket', () => {
  it('stores uploaded packs in the bucket with a long cache lifetime, and serves them through the app', async () => {
    const pack = await writePack({ count: 2, label: 's3' });
    const zip = zipFiles(Object.fromEntries(Object.entries(pack.files)));
    const uploaded = await request(t.app, {
      method: 'POST',
      url: '/api/admin/challenges/import',
      headers: { 'content-type': 'application/zip' },
      payload: zip,
      cookie: organizer.cookie,
    });
    expect(uploaded.json()).toMatchObject({ imported: 2 });
    const { challenges } = (
      await request(t.app, { method: 'GET', url: '/api/admin/challenges', cookie: organizer.cookie })
    ).json() as AdminChallengesResponse;
    const keys = challenges.map((row) => row.imageUrl.split('/').pop()!);
    expect((await objectKeys()).sort()).toEqual(keys.map((key) => `images/${key}`).sort());

    const object = await s3.storage.client.send(new GetObjectCommand({ Bucket: s3.config.bucket, Key: `images/${keys[0]}` }));
    expect(object.CacheControl).toBe(IMAGE_CACHE_CONTROL);
    expect(object.ContentType).toBe('image/webp');

    const served = await request(t.app, { method: 'GET', url: challenges[0].imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(Buffer.from(await object.Body!.transformToByteArray()))).toBe(true);
    expect((await request(t.app, { method: 'GET', url: '/api/images/AAAAAAAAAAAAAAAAAAAAAA.webp' })).statusCode).toBe(404);
  });

  it('stores generated images in the bucket', async () => {
    const started = await request(t.app, {
      method: 'POST',
      url: '/api/admin/challenges/generation',
      payload: { provider: 'openai', prompts: ['an s3 bucket full of kittens'] },
      cookie: organizer.cookie,
    });
    let run = started.json() as GenerationRun;
    for (let i = 0; i < 200 && !run.finishedAt; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      run = (await request(t.app, { method: 'GET', url: `/api/admin/challenges/generation/${run.id}`, cookie: organizer.cookie })).json();
    }
    expect(run.done).toBe(1);
    const key = run.items[0].imageUrl!.split('/').pop()!;
    expect(await objectKeys()).toContain(`images/${key}`);
    expect((await request(t.app, { method: 'GET', url: run.items[0].imageUrl! })).statusCode).toBe(200);
  });

  it('storage:migrate copies every disk image to the bucket and verifies it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gg-migrate-'));
    try {
      const disk = createLocalImageStorage(dir);
      const keys = [newImageKey('image/png'), newImageKey('image/png'), newImageKey('image/png')];
      for (const [index, key] of keys.entries()) await disk.put(key, await generatedImage(700 + index), 'image/png');
      const result = await migrateImagesToS3(dir, s3.storage);
      expect(result).toEqual({ total: 3, verified: 3, failures: [] });
      for (const key of keys) expect((await s3.storage.get(key))!.bytes.equals((await disk.get(key))!.bytes)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generationItems, pendingImages } from '../db/tables/challenges.tables';
import { challenges } from '../db/tables/challenges.tables';
import { startFakeImageProvider, type FakeImageProvider } from '../../tests/support/fake-image-provider';
import { createPlayer, type TestPlayer } from '../../tests/support/players';
import { createTestApp, request, type TestApp } from '../../tests/support/test-app';
import { imageProvidersFrom } from './challenges.module';
import { createGenerationService } from './generation.service';
import { createGenerationWorker, type GenerationWorkerOptions } from './generation.worker';

// Workers here stand for separate app instances sharing one database (the app's own worker is off).
let fake: FakeImageProvider;
let t: TestApp;
let organizer: TestPlayer;
beforeAll(async () => {
  fake = await startFakeImageProvider();
  t = await createTestApp({ GENERATION_WORKER: 'false', IMAGES_OPENAI_BASE_URL: `${fake.url}/v1` });
  organizer = await createPlayer(t.app, t.database.db, { role: 'organizer' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

function instance(name: string, overrides: Partial<GenerationWorkerOptions> = {}) {
  const providers = imageProvidersFrom(t.env);
  return createGenerationWorker({
    database: t.database,
    storage: t.storage,
    scorer: t.scorer,
    service: createGenerationService({ db: t.database.db, configured: (id) => Boolean(providers[id]) }),
    providers,
    concurrency: 3,
    timeoutMs: 10_000,
    maxTries: 3,
    backoffMs: 10,
    leaseMs: 5_000,
    pollMs: 50,
    instanceId: name,
    ...overrides,
  });
}

async function startRun(prompts: string[]): Promise<string> {
  const response = await request(t.app, {
    method: 'POST',
    url: '/api/admin/challenges/generation',
    payload: { provider: 'openai', prompts },
    cookie: organizer.cookie,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const itemsOf = (runId: string) => t.database.db.select().from(generationItems).where(eq(generationItems.runId, runId));

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every prompt ended exactly once: generated with its own challenge row, and the pool holds nothing extra. */
async function expectEachPromptEndedOnce(runId: string, prompts: string[]) {
  const items = await itemsOf(runId);
  expect(items.map((item) => item.status)).toEqual(prompts.map(() => 'generated'));
  const ids = items.map((item) => item.challengeId!);
  expect(new Set(ids).size).toBe(prompts.length);
  const rows = await t.database.db
    .select({ id: challenges.id, prompt: challenges.prompt })
    .from(challenges)
    .where(inArray(challenges.prompt, prompts));
  expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
  expect((await t.database.db.select({ n: count() }).from(pendingImages))[0].n).toBe(0);
}

describe('several instances', () => {
  it('share one run without generating any image twice', async () => {
    fake.delayMs = 60;
    const prompts = Array.from({ length: 12 }, (_, n) => `shared run prompt ${n}: a ${['red', 'blue', 'green'][n % 3]} kite`);
    const runId = await startRun(prompts);
    const a = instance('instance-a');
    const b = instance('instance-b');
    await Promise.all([a.start(), b.start()]);
    try {
      await until('the run to end', async () =>
        (await itemsOf(runId)).every((item) => item.status === 'generated' || item.status === 'failed'),
      );
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      fake.delayMs = 0;
    }
    for (const prompt of prompts) expect(fake.calls.get(prompt), prompt).toBe(1);
    await expectEachPromptEndedOnce(runId, prompts);
  });
});

describe('a restart in the middle of a run', () => {
  it('resumes where it stopped after a crash (leases expire) and every prompt ends exactly once', async () => {
    fake.delayMs = 250;
    const prompts = Array.from({ length: 8 }, (_, n) => `restart prompt ${n}: a lamp in a ${['forest', 'desert', 'city', 'cave'][n % 4]}`);
    const runId = await startRun(prompts);
    const before = instance('before-crash', { concurrency: 2, leaseMs: 600 });
    await before.start();
    await until('some images before the crash', async () => (await itemsOf(runId)).some((item) => item.status === 'generated'));
    await before.abandon();
    const stranded = (await itemsOf(runId)).filter((item) => item.status === 'running');
    const generatedBefore = (await itemsOf(runId)).filter((item) => item.status === 'generated').length;
    expect(generatedBefore).toBeGreaterThan(0);
    expect(generatedBefore).toBeLessThan(prompts.length);

    const after = instance('after-restart', { concurrency: 2, leaseMs: 600 });
    await after.start();
    try {
      await until('the run to end', async () =>
        (await itemsOf(runId)).every((item) => item.status === 'generated' || item.status === 'failed'),
      );
    } finally {
      await after.stop();
      fake.delayMs = 0;
    }
    await expectEachPromptEndedOnce(runId, prompts);
    // Only prompts stranded by the crash may have been asked for again (once more at most; a claim the crash cut
    // short before its call went out was asked only once).
    const strandedPrompts = new Set(stranded.map((item) => item.prompt));
    for (const prompt of prompts) {
      if (strandedPrompts.has(prompt)) expect([1, 2], prompt).toContain(fake.calls.get(prompt));
      else expect(fake.calls.get(prompt), prompt).toBe(1);
    }
  });

  it('a graceful stop hands its items back at once', async () => {
    fake.delayMs = 400;
    const prompts = ['graceful one: a boat', 'graceful two: a kite'];
    const runId = await startRun(prompts);
    const first = instance('graceful-first', { concurrency: 2, leaseMs: 60_000 });
    await first.start();
    await until('both claimed', async () => (await itemsOf(runId)).every((item) => item.status === 'running'));
    await first.stop();
    expect((await itemsOf(runId)).map((item) => [item.status, item.lockedBy])).toEqual([
      ['queued', null],
      ['queued', null],
    ]);
    // Long leases would strand these for a minute after a crash; after a stop the next instance starts at once.
    const next = instance('graceful-next', { concurrency: 2, leaseMs: 60_000 });
    fake.delayMs = 0;
    await next.start();
    try {
      await until('the run to end', async () => (await itemsOf(runId)).every((item) => item.status === 'generated'), 10_000);
    } finally {
      await next.stop();
    }
    await expectEachPromptEndedOnce(runId, prompts);
  });
});

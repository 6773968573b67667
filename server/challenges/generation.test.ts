import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationRun } from '@contracts/admin-challenges';
import { STREAM_HEARTBEAT_EVENT } from '@contracts/leaderboard.rules';
import { challenges } from '../db/tables/challenges.tables';
import { startFakeImageProvider, type FakeImageProvider } from '../../tests/support/fake-image-provider';
import { createPlayer, type TestPlayer } from '../../tests/support/players';
import { SseClient } from '../../tests/support/sse-client';
import { createTestApp, request, TEST_ORIGIN, type TestApp } from '../../tests/support/test-app';

let fake: FakeImageProvider;
let t: TestApp;
let organizer: TestPlayer;

const FAST = {
  // Long enough for the fake provider in this process to answer beside a whole suite on two cores (at 1 s, its
  // answers timed out there), short enough that '[hang]' gives up in three tries well within untilFinished.
  GENERATION_TIMEOUT_MS: '4000',
  GENERATION_BACKOFF_MS: '10',
  GENERATION_MAX_TRIES: '3',
  GENERATION_POLL_MS: '50',
  GENERATION_CONCURRENCY: '4',
};
// The fake provider runs on this machine and serves '[url]' images from its own origin: the organizer's LAN setting.
const LAN_PROVIDER = { GENERATION_ALLOW_LAN_PROVIDER: 'true' };

beforeAll(async () => {
  fake = await startFakeImageProvider();
  t = await createTestApp({
    ...FAST,
    ...LAN_PROVIDER,
    IMAGES_OPENAI_BASE_URL: `${fake.url}/v1`,
    IMAGES_OPENAI_API_KEY: 'sk-test',
    IMAGES_OPENAI_MODEL: 'fake-model',
    A1111_BASE_URL: fake.url,
    A1111_STEPS: '7',
  });
  organizer = await createPlayer(t.app, t.database.db, { role: 'organizer' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const startRun = (provider: string, prompts: string[], who: TestPlayer | null = organizer) =>
  request(t.app, { method: 'POST', url: '/api/admin/challenges/generation', payload: { provider, prompts }, cookie: who?.cookie });

// Generous: the run's own timings are a few seconds, but a CI machine running three test processes and Chromium on two
// cores can be much slower (the scorer embeds each prompt's views). A run that never ends still fails, with its items.
async function untilFinished(runId: string, timeoutMs = 50_000): Promise<GenerationRun> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = (
      await request(t.app, { method: 'GET', url: `/api/admin/challenges/generation/${runId}`, cookie: organizer.cookie })
    ).json() as GenerationRun;
    if (run.finishedAt) return run;
    if (Date.now() > deadline) throw new Error(`run not finished: ${JSON.stringify(run)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('who may generate', () => {
  it('refuses anonymous callers (401) and players (403)', async () => {
    const player = await createPlayer(t.app, t.database.db);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const call of [
      { method: 'GET', url: '/api/admin/challenges/generation' },
      { method: 'POST', url: '/api/admin/challenges/generation', payload: { provider: 'openai', prompts: ['x'] } },
      { method: 'GET', url: `/api/admin/challenges/generation/${id}` },
      { method: 'GET', url: `/api/admin/challenges/generation/${id}/stream` },
    ] as const) {
      expect((await request(t.app, { ...call })).statusCode, call.url).toBe(401);
      expect((await request(t.app, { ...call, cookie: player.cookie })).statusCode, call.url).toBe(403);
    }
  });

  it('validates the prompts and names the configured providers', async () => {
    expect((await startRun('openai', [])).statusCode).toBe(400);
    expect((await startRun('openai', ['  '])).statusCode).toBe(400);
    expect((await startRun('midjourney', ['a cat'])).statusCode).toBe(400);
    const overview = (await request(t.app, { method: 'GET', url: '/api/admin/challenges/generation', cookie: organizer.cookie })).json();
    // With the price of an image and the seconds an image takes (assumed until a run measured it), for the estimate.
    expect(overview.providers).toEqual([
      { id: 'openai', label: 'OpenAI-compatible images API', configured: true, pricePerImageUsd: 0.04, secondsPerImage: 20 },
      { id: 'automatic1111', label: 'AUTOMATIC1111 / Forge', configured: true, pricePerImageUsd: 0, secondsPerImage: 8 },
    ]);
    expect(overview.concurrency).toBe(4);
  });
});

describe('generating through the OpenAI-compatible images API', () => {
  it('ends every prompt generated or failed with the reason; retries 429/5xx/time-outs; images go through the import pipeline', async () => {
    const prompts = [
      'a lighthouse on a cliff at dawn',
      'a red bicycle leaning on a brick wall',
      'a teapot shaped like a whale [url]',
      'an owl reading a newspaper [flaky]',
      'a snowman at the beach [ratelimit]',
      'something the safety system refuses [refuse]',
      'a painting that never finishes [hang]',
    ];
    const started = await startRun('openai', prompts);
    const [audited] = (await request(t.app, { method: 'GET', url: '/api/admin/audit', cookie: organizer.cookie })).json().entries;
    expect(audited).toMatchObject({
      action: 'generation.start',
      actor: organizer.email,
      targetId: started.json().id,
      details: { provider: 'openai', prompts: prompts.length },
    });
    expect(started.statusCode, started.body).toBe(201);
    const run = await untilFinished(started.json().id);
    expect(run, JSON.stringify(run.items.filter((i) => i.status === 'failed'))).toMatchObject({
      provider: 'openai',
      done: 5,
      failed: 2,
      left: 0,
    });

    const byPrompt = new Map(run.items.map((item) => [item.prompt, item]));
    expect(byPrompt.get(prompts[5])).toMatchObject({ status: 'failed', imageUrl: null });
    expect(byPrompt.get(prompts[5])!.error).toMatch(/HTTP 400: Your request was rejected as a result of our safety system/);
    expect(byPrompt.get(prompts[6])!.error).toMatch(/did not answer in time \(gave up after 3 tries\)/);
    for (const prompt of prompts.slice(0, 5)) expect(byPrompt.get(prompt)).toMatchObject({ status: 'generated', error: null });

    // Retried exactly as far as needed: 2 × 429 then OK, 1 × 500 then OK, a refusal once, a hang up to the limit.
    expect(fake.calls.get(prompts[4])).toBe(3);
    expect(fake.calls.get(prompts[3])).toBe(2);
    expect(fake.calls.get(prompts[5])).toBe(1);
    expect(fake.calls.get(prompts[6])).toBe(3);
    const sent = fake.bodies.find((entry) => entry.body.prompt === prompts[0])!;
    expect(sent).toMatchObject({
      path: '/v1/images/generations',
      authorization: 'Bearer sk-test',
      body: { model: 'fake-model', prompt: prompts[0], n: 1, size: '1024x1024' },
    });

    const rows = await t.database.db.select().from(challenges).where(eq(challenges.source, 'generated:openai'));
    expect(rows.map((row) => row.prompt).sort()).toEqual(prompts.slice(0, 5).sort());
    // The prompt embedding is stored at generation, by the game's own scorer (its model's dimension).
    const [reference] = await t.scorer.embed(['a reference sentence']);
    for (const row of rows) {
      expect(row.imageKey).toMatch(/^[A-Za-z0-9_-]{22}\.webp$/);
      expect(row.promptEmbedding).toHaveLength(reference.length);
      expect(row.embedderId).toBe(t.scorer.embedderId);
      const image = await t.storage.get(row.imageKey);
      expect((await sharp(image!.bytes).metadata()).format).toBe('webp');
      expect(byPrompt.get(row.prompt)!.imageUrl).toBe(`/api/images/${row.imageKey}`);
    }
  });
});

describe('image URLs the provider answers with', () => {
  it('fails an item whose image URL points into the LAN (directly or by redirect) with the reason, and fetches nothing there', async () => {
    let reached = 0;
    const internal = createServer((_request, response) => {
      reached++;
      response.end('secret');
    });
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.2', resolve));
    const port = (internal.address() as AddressInfo).port;
    try {
      const prompts = [
        `an owl at the door <url:https://127.0.0.2:${port}/latest/meta-data/>`,
        `an owl at the back door <url:${fake.url}/redirect?to=${encodeURIComponent(`https://127.0.0.2:${port}/admin`)}>`,
        'an owl with a data link <url:data:image/png;base64,iVBORw0KGgo=>',
      ];
      const run = await untilFinished((await startRun('openai', prompts)).json().id);
      expect(run).toMatchObject({ done: 0, failed: 3, left: 0 });
      expect(run.items.map((item) => item.error)).toEqual([
        'image URL refused: 127.0.0.2 is a loopback address',
        'image URL refused: 127.0.0.2 is a loopback address',
        'image URL refused: data: URLs are not accepted',
      ]);
      // Refused for good (a refusal is not retried: the reason carries no "gave up after N tries").
      expect(reached).toBe(0);
    } finally {
      await new Promise((resolve) => internal.close(resolve));
    }
  });
});

describe('generating through AUTOMATIC1111 / Forge', () => {
  it('sends txt2img with the configured settings and stores the base64 image', async () => {
    const started = await startRun('automatic1111', ['a castle made of cheese', 'a refused one [refuse]']);
    const run = await untilFinished(started.json().id);
    expect(run).toMatchObject({ done: 1, failed: 1, left: 0 });
    expect(run.items[1].error).toMatch(/HTTP 422: prompt refused by the safety checker/);
    const sent = fake.bodies.find((entry) => entry.body.prompt === 'a castle made of cheese')!;
    expect(sent).toMatchObject({ path: '/sdapi/v1/txt2img', body: { steps: 7, width: 768, height: 768, sampler_name: 'Euler a' } });
    const [row] = await t.database.db.select().from(challenges).where(eq(challenges.prompt, 'a castle made of cheese'));
    expect(row.source).toBe('generated:automatic1111');
  });
});

describe('live progress', () => {
  it('streams done / failed / left and each new thumbnail over SSE until the run ends, the same frames to every console, with heartbeats', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    fake.delayMs = 150;
    try {
      const started = await startRun('openai', ['stream one', 'stream two', 'stream three [refuse]']);
      const runId = started.json().id;
      const connect = () =>
        SseClient.connect(`${address}/api/admin/challenges/generation/${runId}/stream`, { cookie: organizer.cookie, origin: TEST_ORIGIN });
      const [client, second] = [await connect(), await connect()];
      expect([client.status, second.status]).toEqual([200, 200]);
      const runsOf = (sse: SseClient) =>
        sse.events.filter((event) => event.event === 'progress').map((event) => JSON.parse(event.data) as GenerationRun);
      const runs = () => runsOf(client);
      await client.waitFor(() => runs().some((run) => run.finishedAt !== null), 50_000, 'the finished run');
      await second.waitFor(() => runsOf(second).some((run) => run.finishedAt !== null), 10_000, 'the finished run, second console');
      const seen = runs();
      expect(seen[0].left).toBeGreaterThan(0);
      const last = seen.at(-1)!;
      expect(last).toMatchObject({ done: 2, failed: 1, left: 0 });
      expect(last.items.filter((item) => item.imageUrl).length).toBe(2);
      // One frame per change at most (coalesced), not a stream of polls; both consoles got the same last frame, named
      // by the same event id (a reconnect naming it gets no snapshot again).
      expect(seen.length).toBeLessThanOrEqual(1 + 3 + 1);
      expect(runsOf(second).at(-1)).toEqual(last);
      const lastId = (sse: SseClient) => sse.events.filter((event) => event.event === 'progress').at(-1)?.id;
      expect(lastId(client)).toBeTruthy();
      expect(lastId(second)).toBe(lastId(client));
      // A quiet stream still says it is alive (the web's live-stream hook reopens one that falls silent).
      await client.waitFor(() => client.comments.includes(STREAM_HEARTBEAT_EVENT), 10_000, 'a heartbeat');
      client.close();
      second.close();
    } finally {
      fake.delayMs = 0;
    }
  });
});

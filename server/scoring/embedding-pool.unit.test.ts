/** The scoring worker pool with real worker threads and a fake model (tests/support/fake-embedding.worker.mjs). */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddingPool, ScoringBusyError, ScoringUnavailableError, type EmbeddingPoolOptions } from './embedding-pool';

const filename = fileURLToPath(new URL('../../tests/support/fake-embedding.worker.mjs', import.meta.url));
const pools: EmbeddingPool[] = [];
const pool = (options: Partial<EmbeddingPoolOptions> = {}) => {
  const created = new EmbeddingPool({ filename, threads: 2, ...options });
  pools.push(created);
  return created;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('EmbeddingPool', () => {
  it('micro-batches concurrent requests and returns each caller its own vectors, in order', async () => {
    const p = pool({ batchWindowMs: 5, maxBatch: 8 });
    const texts = Array.from({ length: 40 }, (_, i) => 'x'.repeat(i + 1));
    const results = await Promise.all(texts.map((text) => p.embed([text])));
    results.forEach(([vector], i) => expect(vector[0]).toBe(i + 1));
    const { batches } = p.stats();
    expect(batches).toBeLessThan(texts.length);
    expect(batches).toBeGreaterThanOrEqual(texts.length / 8);
    // Both threads took work.
    expect(new Set(results.map(([vector]) => vector[1])).size).toBe(2);
  });

  it('without a window, a free worker takes a text at once; texts sent while it works go together when it is done', async () => {
    const p = pool({ threads: 1, batchWindowMs: 0, maxBatch: 8 });
    const first = p.embed(['a']);
    // Handed to the worker in the same turn of the event loop, without waiting for a timer.
    expect(p.stats()).toMatchObject({ batches: 1, queued: 0, inFlightBatches: 1 });
    const later = ['bb', 'ccc', 'dddd'].map((text) => p.embed([text]));
    expect(p.stats()).toMatchObject({ batches: 1, queued: 3 });
    expect((await first)[0][0]).toBe(1);
    expect((await Promise.all(later)).map(([vector]) => vector[0])).toEqual([2, 3, 4]);
    expect(p.stats().batches).toBe(2);
  });

  it('puts `first` texts ahead of every text waiting, behind only the batch the worker holds', async () => {
    const p = pool({ threads: 1, batchWindowMs: 0, maxBatch: 2 });
    const finished: string[] = [];
    const send = (text: string, options?: { first?: boolean }) => p.embed([text], options).then(() => finished.push(text));
    const all = [send('a'), ...['b', 'c', 'd', 'e', 'f'].map((text) => send(text)), send('probe', { first: true })];
    expect(p.stats()).toMatchObject({ queued: 6, inFlightBatches: 1 });
    await Promise.all(all);
    expect(finished).toEqual(['a', 'probe', 'b', 'c', 'd', 'e', 'f']);
  });

  it('refuses bounded work past the queue limit with ScoringBusyError, but lets unbounded work wait', async () => {
    const p = pool({ threads: 1, maxQueued: 5, batchWindowMs: 50 });
    const admitted = p.embed(['a', 'b', 'c', 'd', 'e']);
    await expect(p.embed(['f'])).rejects.toBeInstanceOf(ScoringBusyError);
    const bulk = p.embed(['g', 'h'], { bounded: false });
    expect((await admitted).map((v) => v[0])).toEqual([1, 1, 1, 1, 1]);
    expect(await bulk).toHaveLength(2);
    expect(p.stats().rejectedBusy).toBe(1);
    // Once the queue drained, guesses are admitted again.
    expect(await p.embed(['again'])).toHaveLength(1);
  });

  it('replaces a crashed worker: the poisonous text fails cleanly, its batch-mates are retried and succeed', async () => {
    const p = pool({ threads: 1, batchWindowMs: 20, maxBatch: 8 });
    const results = await Promise.allSettled(['one', 'crash', 'three'].map((text) => p.embed([text])));
    expect(results[0]).toMatchObject({ status: 'fulfilled' });
    expect(results[2]).toMatchObject({ status: 'fulfilled' });
    expect(results[1].status).toBe('rejected');
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(ScoringUnavailableError);
    expect(p.stats().retries).toBeGreaterThanOrEqual(3);
    // The pool still works after the crash.
    expect((await p.embed(['four']))[0][0]).toBe(4);
  });

  it('retries a text whose worker crashed once, and it succeeds', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gg-pool-'));
    try {
      const p = pool({ threads: 1 });
      const text = `crash-once:${path.join(dir, 'marker')}`;
      const [vector] = await p.embed([text]);
      expect(vector[0]).toBe(text.length);
      expect(p.stats().retries).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('never hangs: a batch that runs past the time limit fails cleanly and the worker is replaced', async () => {
    // The limit also covers the start of the replacement worker that takes 'ok': 1 s, not less, so that a thread starting
    // on a loaded machine stays inside it (at 300 ms, one starved run failed 'ok').
    const p = pool({ threads: 1, taskTimeoutMs: 1_000 });
    const failed = await p.embed(['hang']).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ScoringUnavailableError);
    expect(String((failed as ScoringUnavailableError).cause)).toMatch(/ran past 1000 ms/);
    expect((await p.embed(['ok']))[0][0]).toBe(2);
  });

  it('fails at once, with the reason, when no worker can start (piscina stops re-spawning them)', async () => {
    // A task time-out longer than the test's own (60 s): only the pool noticing the dead workers can end these waits.
    const p = pool({
      threads: 1,
      taskTimeoutMs: 10 * 60_000,
      filename: fileURLToPath(new URL('../../tests/support/unstartable-embedding.worker.mjs', import.meta.url)),
    });
    await expect(p.embed(['a', 'b'])).rejects.toThrow(/cannot be loaded/);
    await expect(p.embed(['later'])).rejects.toThrow(/cannot be loaded/);
  });

  it('close() rejects queued work instead of leaving it pending', async () => {
    const p = pool({ threads: 1, batchWindowMs: 1000 });
    const pending = expect(p.embed(['late'])).rejects.toBeInstanceOf(ScoringUnavailableError);
    await p.close();
    await pending;
    await expect(p.embed(['after'])).rejects.toBeInstanceOf(ScoringUnavailableError);
  });
});

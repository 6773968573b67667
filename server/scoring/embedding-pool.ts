/**
 * Runs an embedding model in a pool of worker threads (piscina) so scoring never blocks the
 * event loop. Concurrent requests are micro-batched: texts wait at most `batchWindowMs` (or
 * until a worker is free) and go to a worker in batches of at most `maxBatch`; with a window of 0 a free worker takes
 * them at once, and they wait (and are batched) only while every worker is busy. Guesses are
 * admitted only while fewer than `maxQueued` texts wait: past that the caller gets
 * ScoringBusyError (the game answers 503 + Retry-After) instead of a 10-second queue.
 * A worker that crashes is replaced by piscina; the texts of its batch are retried once, each
 * alone (so one poisonous text cannot take innocent ones down twice), then fail with
 * ScoringUnavailableError. A batch running longer than `taskTimeoutMs` is aborted the same way. A worker that
 * cannot start (a model file changed on disk, say) fails the batches waiting on it at once with its error, and if
 * no worker ever started, every later call too: piscina stops re-spawning workers that fail while starting.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { EmbedOptions } from './embedder';

export class ScoringBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('the scorer is saturated; try again shortly');
    this.name = 'ScoringBusyError';
  }
}

export class ScoringUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`scoring failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ScoringUnavailableError';
  }
}

export interface EmbeddingPoolOptions {
  /** Absolute path of a worker module whose default export maps string[] to one vector per text. */
  filename: string;
  workerData?: unknown;
  /** Worker threads; defaults to the machine's available parallelism. */
  threads?: number;
  batchWindowMs?: number;
  maxBatch?: number;
  /** Texts allowed to wait for a worker (bounded calls only) before ScoringBusyError. */
  maxQueued?: number;
  taskTimeoutMs?: number;
  retryAfterSeconds?: number;
}

interface Pending {
  text: string;
  retried: boolean;
  resolve(vector: Float32Array): void;
  reject(error: unknown): void;
}

export interface EmbeddingPoolStats {
  threads: number;
  queued: number;
  /** Texts that may wait before a guess is refused (ScoringBusyError). */
  maxQueued: number;
  inFlightBatches: number;
  batches: number;
  retries: number;
  rejectedBusy: number;
}

export class EmbeddingPool {
  readonly threads: number;
  private readonly pool: Piscina;
  private readonly queue: Pending[] = [];
  private inFlight = 0;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Set when the workers could not start at all: every call fails with it. */
  private broken: unknown;
  private succeeded = false;
  private readonly running = new Set<AbortController>();
  private readonly counters = { batches: 0, retries: 0, rejectedBusy: 0 };
  private readonly batchWindowMs: number;
  private readonly maxBatch: number;
  private readonly maxQueued: number;
  private readonly taskTimeoutMs: number;
  private readonly retryAfterSeconds: number;

  constructor(options: EmbeddingPoolOptions) {
    this.threads = Math.max(1, options.threads ?? availableParallelism());
    this.batchWindowMs = options.batchWindowMs ?? 2;
    this.maxBatch = options.maxBatch ?? 16;
    this.maxQueued = options.maxQueued ?? 48 * this.threads;
    this.taskTimeoutMs = options.taskTimeoutMs ?? 30_000;
    this.retryAfterSeconds = options.retryAfterSeconds ?? 1;
    this.pool = new Piscina({
      filename: options.filename,
      workerData: options.workerData,
      minThreads: this.threads,
      maxThreads: this.threads,
      idleTimeout: 2 ** 31 - 1,
      // Workers share the process's stdio but not its env changes; keep them quiet and independent.
      concurrentTasksPerWorker: 1,
    });
    // A worker that failed with no task of ours on it (typically while starting) is reported here, not to a task.
    this.pool.on('error', (error: unknown) => this.onWorkerError(error));
  }

  /**
   * Embeds texts on the worker threads. `bounded` (guesses, the default here) refuses work past the queue
   * limit; unbounded callers (prompt imports) always wait their turn. `first` puts the texts ahead of every text
   * already waiting (a readiness probe: it asks whether the model answers, not how long a crowd's queue is).
   */
  embed(texts: string[], { bounded = true, first = false }: EmbedOptions = {}): Promise<Float32Array[]> {
    if (this.broken) return Promise.reject(new ScoringUnavailableError(this.broken));
    if (this.closed) return Promise.reject(new ScoringUnavailableError(new Error('the scorer is closed')));
    if (texts.length === 0) return Promise.resolve([]);
    if (bounded && this.queue.length + texts.length > this.maxQueued) {
      this.counters.rejectedBusy++;
      return Promise.reject(new ScoringBusyError(this.retryAfterSeconds));
    }
    const pending: Pending[] = [];
    const results = texts.map(
      (text) => new Promise<Float32Array>((resolve, reject) => pending.push({ text, retried: false, resolve, reject })),
    );
    if (first) this.queue.unshift(...pending);
    else this.queue.push(...pending);
    this.schedule();
    return Promise.all(results);
  }

  stats(): EmbeddingPoolStats {
    return {
      threads: this.threads,
      queued: this.queue.length,
      maxQueued: this.maxQueued,
      inFlightBatches: this.inFlight,
      ...this.counters,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    for (const item of this.queue.splice(0)) item.reject(new ScoringUnavailableError(new Error('the scorer is closed')));
    await this.pool.destroy();
  }

  private onWorkerError(error: unknown) {
    for (const controller of this.running) controller.abort(error);
    if (this.succeeded || this.closed) return;
    this.broken = error;
    for (const item of this.queue.splice(0)) item.reject(new ScoringUnavailableError(error));
  }

  private schedule() {
    // Without a window, a free worker takes the work at once; it waits (and is batched) only while every worker is busy,
    // and goes when one finishes (runBatch). dispatch() hands work only to free workers.
    if (this.batchWindowMs === 0 || this.queue.length >= this.maxBatch) return this.dispatch();
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.dispatch();
    }, this.batchWindowMs);
  }

  /** Hands batches to free workers; whatever is left waits for the next worker to finish. */
  private dispatch() {
    while (this.queue.length > 0 && this.inFlight < this.threads) {
      // A retried text runs alone so the batch that crashed cannot be lost twice because of it.
      const batch = this.queue[0].retried ? this.queue.splice(0, 1) : this.takeFreshBatch();
      this.runBatch(batch);
    }
  }

  private takeFreshBatch(): Pending[] {
    const end = this.queue.findIndex((item, index) => item.retried || index >= this.maxBatch);
    return this.queue.splice(0, end === -1 ? this.queue.length : end);
  }

  private runBatch(batch: Pending[]) {
    this.inFlight++;
    this.counters.batches++;
    const controller = new AbortController();
    this.running.add(controller);
    // The time limit is a timer of our own on the same controller, not AbortSignal.timeout() inside AbortSignal.any(),
    // which Node may collect before it fires (nodejs/node#57736): a batch that never answered would then wait for good.
    const timeout = setTimeout(
      () => controller.abort(new DOMException(`the batch ran past ${this.taskTimeoutMs} ms`, 'TimeoutError')),
      this.taskTimeoutMs,
    );
    this.pool
      .run(
        batch.map((item) => item.text),
        { signal: controller.signal },
      )
      .then(
        (vectors: Float32Array[]) => {
          this.succeeded = true;
          batch.forEach((item, i) => item.resolve(vectors[i]));
        },
        (failure: unknown) => {
          // Aborted because a worker failed or the time ran out: report that reason, not piscina's abort.
          const error = controller.signal.aborted ? controller.signal.reason : failure;
          const final = (item: Pending) => item.retried || this.closed || this.broken !== undefined;
          const retry = batch.filter((item) => !final(item));
          batch.filter(final).forEach((item) => item.reject(new ScoringUnavailableError(error)));
          this.counters.retries += retry.length;
          retry.forEach((item) => (item.retried = true));
          this.queue.unshift(...retry);
        },
      )
      .finally(() => {
        clearTimeout(timeout);
        this.running.delete(controller);
        this.inFlight--;
        if (!this.closed) this.dispatch();
      });
  }
}

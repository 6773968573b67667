/**
 * The instance's Prometheus metrics (prom-client; exposition by its registry, never by hand). A base folder: it imports
 * no capability. Capabilities get the counters they update, and hand in readers for gauges, which run at scrape time
 * (so no capability imports another to be measured).
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export const METRICS_PREFIX = 'gg_';

export interface Metrics {
  readonly registry: Registry;
  /** Seconds from a guess request's arrival to its answer, by outcome ('scored' or 'refused'). */
  readonly guessSeconds: Histogram<'outcome'>;
  /** Guesses answered with a score. */
  readonly guessesScored: Counter;
  /** Guesses refused, by reason (the error code the player got, e.g. SCORER_BUSY, RATE_LIMITED, SLOT_TAKEN). */
  readonly guessesRefused: Counter<'reason'>;
  /** HTTP responses by status code (every route; 5xx other than a 503 "busy, send it again" are faults). */
  readonly httpResponses: Counter<'code'>;
  /** Adds prom-client's process metrics (memory, CPU, GC, event-loop delay), listed after the game's own. */
  collectProcessMetrics(): void;
  /** A gauge whose value is read when Prometheus scrapes. A reader that fails leaves the gauge without a sample. */
  gauge(name: string, help: string, read: () => number | undefined | Promise<number | undefined>): void;
  /** A gauge with one label, read at scrape time as {labelValue: value}. */
  labelledGauge(name: string, help: string, label: string, read: () => Record<string, number> | Promise<Record<string, number>>): void;
}

export function createMetrics(options: { onReadError?: (error: unknown, metric: string) => void } = {}): Metrics {
  const registry = new Registry();
  const onReadError = options.onReadError ?? (() => undefined);

  const guessSeconds = new Histogram({
    name: `${METRICS_PREFIX}guess_duration_seconds`,
    help: 'Time from a guess request to its answer (session, limits, scoring and database), by outcome.',
    labelNames: ['outcome'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const guessesScored = new Counter({
    name: `${METRICS_PREFIX}guesses_scored_total`,
    help: 'Guesses answered with a score.',
    registers: [registry],
  });
  const guessesRefused = new Counter({
    name: `${METRICS_PREFIX}guesses_refused_total`,
    help: 'Guesses refused, by the error code the player got.',
    labelNames: ['reason'] as const,
    registers: [registry],
  });

  const httpResponses = new Counter({
    name: `${METRICS_PREFIX}http_responses_total`,
    help: 'HTTP responses by status code.',
    labelNames: ['code'] as const,
    registers: [registry],
  });

  let processMetrics = false;
  return {
    registry,
    collectProcessMetrics() {
      if (processMetrics) return;
      processMetrics = true;
      // Process memory, CPU, handles, GC and event-loop delay (nodejs_eventloop_lag_*), from prom-client itself.
      collectDefaultMetrics({ register: registry, prefix: METRICS_PREFIX, eventLoopMonitoringPrecision: 20 });
      // prom-client names three gauges `…_total`, a suffix Prometheus keeps for counters (`promtool check metrics`
      // refuses them). Each is the sum of a labelled gauge it also exports (nodejs_active_handles{type} …).
      for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
        registry.removeSingleMetric(`${METRICS_PREFIX}${name}`);
    },
    guessSeconds,
    guessesScored,
    guessesRefused,
    httpResponses,
    gauge(name, help, read) {
      new Gauge({
        name: `${METRICS_PREFIX}${name}`,
        help,
        registers: [registry],
        async collect() {
          this.reset();
          try {
            const value = await read();
            if (value !== undefined) this.set(value);
          } catch (error) {
            onReadError(error, name);
          }
        },
      });
    },
    labelledGauge(name, help, label, read) {
      new Gauge({
        name: `${METRICS_PREFIX}${name}`,
        help,
        labelNames: [label],
        registers: [registry],
        async collect() {
          this.reset();
          try {
            for (const [value, count] of Object.entries(await read())) this.set({ [label]: value }, count);
          } catch (error) {
            onReadError(error, name);
          }
        },
      });
    },
  };
}

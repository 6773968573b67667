/**
 * An instance's stop, in the order a load balancer needs (docs/decisions/036): first `ready` turns 503 (draining),
 * then live streams are sent elsewhere, then in-flight requests finish and the process exits (main.ts).
 */
export interface Lifecycle {
  readonly draining: boolean;
  /** Turns not-ready and runs every drain listener once (later calls do nothing). */
  beginDrain(): void;
  /** Runs `listener` when draining begins (at once if it already has). */
  onDrain(listener: () => void): void;
  /** A ready probe was answered 503 because of draining: the balancer has been told. */
  noteDrainSeen(): void;
  /** A request other than a health probe arrived (main.ts waits for the balancer to stop sending them). */
  noteRequest(): void;
  /**
   * Resolves once the balancer has stopped sending work: a ready probe was answered "draining" and no other request
   * came for `quietMs`; or after `maxMs` whatever happened (no balancer, or one that never asks).
   */
  settled(options: { maxMs: number; quietMs: number }): Promise<void>;
}

export function createLifecycle(now: () => number = () => performance.now()): Lifecycle {
  let draining = false;
  let drainSeen = false;
  let lastRequestAt = 0;
  const listeners: Array<() => void> = [];
  return {
    get draining() {
      return draining;
    },
    beginDrain() {
      if (draining) return;
      draining = true;
      lastRequestAt = now();
      for (const listener of listeners.splice(0)) listener();
    },
    onDrain(listener) {
      if (draining) listener();
      else listeners.push(listener);
    },
    noteDrainSeen() {
      drainSeen = true;
    },
    noteRequest() {
      lastRequestAt = now();
    },
    async settled({ maxMs, quietMs }) {
      const started = now();
      while (now() - started < maxMs) {
        if (drainSeen && now() - lastRequestAt >= quietMs) return;
        await new Promise((resolve) => setTimeout(resolve, Math.min(100, quietMs)));
      }
    },
  };
}

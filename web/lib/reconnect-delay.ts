/**
 * How long to wait before reconnection attempt number `failures` (0 = the first retry): exponential backoff from
 * `baseMs`, capped at `maxMs`, with "equal jitter" (half fixed, half random). The fixed half keeps a retry from firing
 * at once; the random half spreads a room full of screens that lost the same server, so they do not all come back in
 * the same instant (docs/decisions/038).
 */
export function reconnectDelay(failures: number, options: { baseMs?: number; maxMs?: number; random?: () => number } = {}): number {
  const { baseMs = 500, maxMs = 3_000, random = Math.random } = options;
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(failures, 30)));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

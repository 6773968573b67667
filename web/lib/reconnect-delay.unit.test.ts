import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './reconnect-delay';

describe('reconnectDelay', () => {
  it('doubles from the base up to the cap, between half and all of each step', () => {
    const low = (failures: number) => reconnectDelay(failures, { random: () => 0 });
    const high = (failures: number) => reconnectDelay(failures, { random: () => 1 });
    expect([0, 1, 2, 3, 4, 10, 1000].map(high)).toEqual([500, 1000, 2000, 3000, 3000, 3000, 3000]);
    expect([0, 1, 2, 3, 4, 10, 1000].map(low)).toEqual([250, 500, 1000, 1500, 1500, 1500, 1500]);
  });

  it('spreads many clients that failed together', () => {
    const delays = new Set(Array.from({ length: 200 }, () => reconnectDelay(3)));
    expect(delays.size).toBeGreaterThan(100);
    for (const delay of delays) expect(delay).toBeGreaterThanOrEqual(1500), expect(delay).toBeLessThanOrEqual(3000);
  });

  it('takes its own base and cap', () => {
    expect(reconnectDelay(5, { baseMs: 1000, maxMs: 30_000, random: () => 1 })).toBe(30_000);
    expect(reconnectDelay(-1, { random: () => 1 })).toBe(500);
  });
});

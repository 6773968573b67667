import { describe, expect, it } from 'vitest';
import { retryOnDeadlock, sqlStateOf } from './races';

/** The shape drizzle gives a driver error: its own Error with the driver's error (carrying the SQLSTATE) as cause. */
const wrapped = (code: string) =>
  Object.assign(new Error('Failed query: delete from "challenges" …'), { cause: Object.assign(new Error('deadlock detected'), { code }) });

describe('retryOnDeadlock', () => {
  it('reads the SQLSTATE through drizzle’s wrapper, and ignores non-SQLSTATE codes', () => {
    expect(sqlStateOf(wrapped('40P01'))).toBe('40P01');
    expect(sqlStateOf(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBeUndefined();
  });

  it('runs the work again after a deadlock abort, and returns its result', async () => {
    let calls = 0;
    const result = await retryOnDeadlock(async () => {
      calls++;
      if (calls < 3) throw wrapped('40P01');
      return 'done';
    });
    expect(result).toBe('done');
    expect(calls).toBe(3);
  });

  it('gives up after `tries`, and never retries another error', async () => {
    let calls = 0;
    await expect(retryOnDeadlock(async () => (calls++, Promise.reject(wrapped('40P01'))), 2)).rejects.toThrow(/Failed query/);
    expect(calls).toBe(2);
    calls = 0;
    await expect(retryOnDeadlock(async () => (calls++, Promise.reject(wrapped('23505'))))).rejects.toThrow(/Failed query/);
    expect(calls).toBe(1);
  });
});

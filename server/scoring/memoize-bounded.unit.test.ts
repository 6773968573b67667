import { describe, expect, it } from 'vitest';
import { memoizeBounded } from './memoize-bounded';

describe('memoizeBounded', () => {
  it('works each key out once while it is among the last `limit` keys, then forgets the oldest first', () => {
    const computed: string[] = [];
    const upper = memoizeBounded(2, (key) => {
      computed.push(key);
      return { text: key.toUpperCase() };
    });
    const first = upper('a');
    expect(upper('a')).toBe(first);
    upper('b');
    expect(computed).toEqual(['a', 'b']);
    upper('c'); // 'a' is the oldest: forgotten
    expect(upper('b').text).toBe('B');
    expect(computed).toEqual(['a', 'b', 'c']);
    expect(upper('a')).toEqual(first);
    expect(upper('a')).not.toBe(first);
    expect(computed).toEqual(['a', 'b', 'c', 'a']);
  });

  it('remembers a value that is undefined, not only truthy ones', () => {
    let calls = 0;
    const none = memoizeBounded(10, () => {
      calls++;
      return undefined;
    });
    none('x');
    none('x');
    expect(calls).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { memoizeBounded } from './memoize-bounded';

describe('memoizeBounded', () => {
  it('works each key out once while it is among the last `limit` keys, then forgets the least recently used first', () => {
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

  it('forgets the key used least recently, not the one stored first', () => {
    const computed: string[] = [];
    const length = memoizeBounded(2, (key) => {
      computed.push(key);
      return { length: key.length };
    });
    length('a');
    length('bb');
    length('a'); // used again: 'bb' is now the least recently used
    length('ccc');
    length('a');
    expect(computed).toEqual(['a', 'bb', 'ccc']);
    length('bb');
    expect(computed).toEqual(['a', 'bb', 'ccc', 'bb']);
  });
});

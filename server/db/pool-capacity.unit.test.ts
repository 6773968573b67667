import { describe, expect, it } from 'vitest';
import { minutesUntilEmpty } from './pool-capacity';

describe('minutesUntilEmpty', () => {
  it('projects the recent rate of starts onto what is left', () => {
    // 300 left, 50 starts in 10 minutes: 5 a minute, 60 minutes.
    expect(minutesUntilEmpty(300, 50)).toBe(60);
    expect(minutesUntilEmpty(3, 1)).toBe(30);
  });
  it('is 0 when nothing is left and unknown when nobody started', () => {
    expect(minutesUntilEmpty(0, 10)).toBe(0);
    expect(minutesUntilEmpty(12, 0)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { guessInputSchema } from '@contracts/game';
import { guessIdempotencyKey } from '@web/features/game/api/submit-guess';

describe('the idempotency key of a guess', () => {
  it('is the same for every resend of one slot, and differs between slots and attempts', () => {
    const first = guessIdempotencyKey('attempt-a', 1);
    expect(guessIdempotencyKey('attempt-a', 1)).toBe(first);
    expect(guessIdempotencyKey('attempt-a', 2)).not.toBe(first);
    expect(guessIdempotencyKey('attempt-b', 1)).not.toBe(first);
  });

  it('is accepted by the contract', () => {
    const key = guessIdempotencyKey('attempt-c', 3);
    expect(guessInputSchema.safeParse({ guess: 'words', guessNumber: 3, idempotencyKey: key }).success).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import type { AuthSession } from './auth';
import { createSessionCache } from './session-cache';

const sessionOf = (userId: string, expiresAt = new Date(Date.now() + 86_400_000)) =>
  ({ user: { id: userId }, session: { expiresAt } }) as unknown as AuthSession;

function cacheAt(now: { ms: number }, ttlMs = 1000) {
  const cache = createSessionCache({ ttlMs, clock: () => now.ms });
  cache.setListening(true);
  return cache;
}

describe('session cache', () => {
  it('answers for at most its lifetime', () => {
    const now = { ms: Date.now() };
    const cache = cacheAt(now);
    cache.set('k', sessionOf('u'), cache.generation());
    expect(cache.get('k')?.user.id).toBe('u');
    now.ms += 999;
    expect(cache.get('k')).toBeDefined();
    now.ms += 1;
    expect(cache.get('k')).toBeUndefined();
  });

  it("never past the session's own expiry", () => {
    const now = { ms: Date.now() };
    const cache = cacheAt(now, 60_000);
    cache.set('k', sessionOf('u', new Date(now.ms + 10)), cache.generation());
    now.ms += 10;
    expect(cache.get('k')).toBeUndefined();
  });

  it('caches nothing before it listens for revocations, nor a look-up that began before an eviction', () => {
    const now = { ms: Date.now() };
    const cache = createSessionCache({ clock: () => now.ms });
    cache.set('k', sessionOf('u'), cache.generation());
    expect(cache.get('k')).toBeUndefined();
    cache.setListening(true);
    const began = cache.generation();
    cache.evict('someone else');
    cache.set('k', sessionOf('u'), began);
    expect(cache.get('k')).toBeUndefined();
  });

  it("forgets one user's sessions on their notification, and everything on a resync ('')", () => {
    const now = { ms: Date.now() };
    const cache = cacheAt(now, 60_000);
    cache.set('a1', sessionOf('a'), cache.generation());
    cache.set('a2', sessionOf('a'), cache.generation());
    cache.set('b1', sessionOf('b'), cache.generation());
    cache.evict('a');
    expect([cache.get('a1'), cache.get('a2')]).toEqual([undefined, undefined]);
    expect(cache.get('b1')).toBeDefined();
    cache.evict('');
    expect(cache.get('b1')).toBeUndefined();
  });

  it('when full, drops the session used least recently, and a dropped or replaced one no longer belongs to its user', () => {
    const now = { ms: Date.now() };
    const cache = createSessionCache({ ttlMs: 60_000, maxEntries: 2, clock: () => now.ms });
    cache.setListening(true);
    cache.set('a1', sessionOf('a'), cache.generation());
    cache.set('b1', sessionOf('b'), cache.generation());
    expect(cache.get('a1')).toBeDefined(); // a1 used again: b1 is now the least recently used
    cache.set('c1', sessionOf('c'), cache.generation());
    expect(cache.size()).toBe(2);
    expect(cache.get('b1')).toBeUndefined();
    expect(cache.get('a1')?.user.id).toBe('a');
    // The same cookie key now stands for user d: revoking a must leave it, revoking d must take it.
    cache.set('a1', sessionOf('d'), cache.generation());
    cache.evict('a');
    expect(cache.get('a1')?.user.id).toBe('d');
    cache.evict('d');
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('c1')).toBeDefined();
  });
});

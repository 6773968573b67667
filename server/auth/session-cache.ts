/**
 * Signed-in sessions kept in memory for a short while, so the guess route does not read the session and user tables
 * (and verify the cookie's signature) on every guess (docs/decisions/030-session-cache.md).
 *
 * An entry is keyed by the exact session cookie (token and signature) that better-auth accepted when the entry was
 * made, so a hit needs no signature check: no other string reaches the entry. Revocation reaches every instance at
 * once: a trigger on the session and user tables (migration 0009) NOTIFYs `session_changed` with the user's id on
 * any update or delete, whoever made it, and every instance forgets that user's entries. An entry lives at most
 * `ttlMs` (and never past the session's own expiry), which bounds what a lost notification could keep alive; when the
 * listener reconnects (NOTIFYs may have been missed) everything is forgotten. Nothing is cached before the instance
 * listens, nor a look-up that began before an eviction.
 */
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client';
import type { AuthSession } from './auth';

export const SESSION_CHANGED_CHANNEL = 'session_changed';
/** How long an instance may answer from memory for one session; see above for why it is not shorter. */
export const SESSION_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;

interface Entry {
  session: AuthSession;
  userId: string;
  until: number;
}

export interface SessionCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  clock?: () => number;
}

export type SessionCache = ReturnType<typeof createSessionCache>;

export function createSessionCache({ ttlMs = SESSION_CACHE_TTL_MS, maxEntries = MAX_ENTRIES, clock = Date.now }: SessionCacheOptions = {}) {
  const byUser = new Map<string, Set<string>>();
  /** The least recently used entry goes first when full; whatever removes an entry takes it out of `byUser` too. */
  const entries = new LRUCache<string, Entry>({
    max: maxEntries,
    dispose: (entry, key) => {
      const keys = byUser.get(entry.userId);
      keys?.delete(key);
      if (keys?.size === 0) byUser.delete(entry.userId);
    },
  });
  /** Bumped by every eviction: a look-up that started before one must not be cached after it. */
  let generation = 0;
  let listening = false;
  const stats = { hits: 0, misses: 0 };

  return {
    stats,
    /** The cached session for this cookie, if still fresh. */
    get(key: string): AuthSession | undefined {
      const entry = entries.get(key);
      if (!entry || entry.until <= clock()) {
        if (entry) entries.delete(key);
        stats.misses++;
        return undefined;
      }
      stats.hits++;
      return entry.session;
    },
    /** Call before a look-up; pass the result to set(). */
    generation: () => generation,
    set(key: string, session: AuthSession, lookedUpAt: number) {
      if (!listening || lookedUpAt !== generation) return;
      const until = Math.min(clock() + ttlMs, new Date(session.session.expiresAt).getTime());
      entries.set(key, { session, userId: session.user.id, until });
      let keys = byUser.get(session.user.id);
      if (!keys) byUser.set(session.user.id, (keys = new Set()));
      keys.add(key);
    },
    /** Forgets every cached session of one user ('' forgets everything: notifications may have been missed). */
    evict(userId: string) {
      generation++;
      if (userId === '') entries.clear();
      else for (const key of [...(byUser.get(userId) ?? [])]) entries.delete(key);
    },
    setListening(value: boolean) {
      listening = value;
      if (!value) this.evict('');
    },
    size: () => entries.size,
  };
}

/** Subscribes the cache to `session_changed`; caching starts once the subscription is live. Returns the unsubscribe. */
export async function listenForSessionChanges(database: Database, cache: SessionCache): Promise<() => Promise<void>> {
  const unlisten = await database.listen(SESSION_CHANGED_CHANNEL, (userId) => cache.evict(userId));
  cache.setListening(true);
  return async () => {
    cache.setListening(false);
    await unlisten();
  };
}

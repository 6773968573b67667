import { useRef, useSyncExternalStore } from 'react';
import { sessionSnapshot, subscribeSession, type SessionUser } from '@web/lib/session';

export type { SessionUser };

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signed-out'; user: null }
  | { status: 'signed-in'; user: SessionUser };

/**
 * The signed-in player, as the server's session check knows it (web/lib/session.ts: shared across the app, synced
 * across tabs, without better-auth's client library). 'loading' only until this component's first answer: a later
 * check without a user is pending too (e.g. right after sign-up), and that must not blank the screen.
 * The same snapshot while hydrating a pre-rendered page: the server's marks (web/lib/prerendered.ts) set it.
 */
export function useSession(): SessionState {
  const { user, isPending } = useSyncExternalStore(subscribeSession, sessionSnapshot, sessionSnapshot);
  const settled = useRef(false);
  if (!isPending || user) settled.current = true;
  if (user) return { status: 'signed-in', user };
  return settled.current ? { status: 'signed-out', user: null } : { status: 'loading', user: null };
}

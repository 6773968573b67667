import { useRef } from 'react';
import { authClient } from '@web/lib/auth-client';

export type SessionUser = NonNullable<ReturnType<typeof authClient.useSession>['data']>['user'];

export type SessionState = { status: 'loading'; user: null } | { status: 'signed-out'; user: null } | { status: 'signed-in'; user: SessionUser };

/**
 * The signed-in player, as better-auth's client knows it (shared across the app, synced across tabs).
 * 'loading' only until the first answer: better-auth marks later refetches without a user as pending too
 * (e.g. right after sign-up), and those must not blank the screen.
 */
export function useSession(): SessionState {
  const { data, isPending } = authClient.useSession();
  const settled = useRef(false);
  if (!isPending || data) settled.current = true;
  if (data?.user) return { status: 'signed-in', user: data.user };
  return settled.current ? { status: 'signed-out', user: null } : { status: 'loading', user: null };
}

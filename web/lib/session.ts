import type { authClient } from './auth-client';
import { waitForServer } from './chunk-recovery';
import { prerendered } from './prerendered';
import { apiPaths } from '@contracts/api-paths';

/** The signed-in user as the server's session check answers it (better-auth's type; a type import loads nothing). */
export type SessionUser = (typeof authClient.$Infer.Session)['user'];

/** Like better-auth's session atom: `user` null when nobody is signed in; `isPending` while asking without a user. */
export interface SessionSnapshot {
  user: SessionUser | null;
  isPending: boolean;
}

/** better-auth's cross-tab message (localStorage key): another tab signed in or out. */
const CROSS_TAB_KEY = 'better-auth.message';
/** Re-checking while the player is active also slides the session's expiry forward on the server. */
const POLL_MS = 5 * 60_000;
/** A return to the tab re-checks, but not within this of the last return or poll (better-auth's own rate limit). */
const FOCUS_MIN_GAP_MS = 5_000;

// A page the server pre-rendered for a request without a session cookie starts as signed out (./prerendered.ts): its
// first render is the page itself, not 'Loading...'; the check below still runs and would say otherwise.
let snapshot: SessionSnapshot = { user: null, isPending: !prerendered.guest };
const listeners = new Set<() => void>();
let flight: AbortController | undefined;
let lastAsked = 0;
let started = false;

function publish(next: SessionSnapshot) {
  if (next.isPending === snapshot.isPending && JSON.stringify(next.user) === JSON.stringify(snapshot.user)) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

/**
 * The session store of the pages' guards: a plain `fetch` of better-auth's session endpoint, so /play's first load
 * does not wait for better-auth's client library (docs/decisions/025). Same request as the HTML's preload
 * (credentials 'include'), which it reuses. Answers as better-auth's client does: a session or null on 200, null on
 * 401; a dropped request or a 5xx keeps what was known, and when nothing was known asks again once the server answers.
 */
export function refreshSession(options: { keepShowing?: boolean } = {}): Promise<void> {
  flight?.abort();
  const controller = new AbortController();
  flight = controller;
  // Signed out, a check is pending again (a sign-in may have just happened), unless the page already shows what a
  // signed-out visitor sees and the answer can only confirm it (keepShowing).
  if (!snapshot.user && !snapshot.isPending && !options.keepShowing) publish({ user: null, isPending: true });
  const settle = (user: SessionUser | null) => {
    if (controller.signal.aborted) return;
    publish({ user, isPending: false });
  };
  return fetch(apiPaths.session, { credentials: 'include', signal: controller.signal }).then(async (response) => {
    if (response.ok) {
      const body = (await response.json().catch(() => null)) as { user?: SessionUser } | null;
      return settle(body?.user ?? null);
    }
    if (response.status === 401) return settle(null);
    unanswered();
  }, unanswered);

  // A dropped request or a 5xx keeps what was known. With nothing known yet (the page's first check, or one just
  // after a sign-in) "signed out" would send a signed-in player to the sign-in page for a blip on the Wi-Fi or a
  // server restart: the check stays pending, and is asked again once the server answers.
  function unanswered() {
    if (controller.signal.aborted) return;
    if (snapshot.user || !snapshot.isPending) return settle(snapshot.user);
    void waitForServer(controller.signal).then(() => {
      if (!controller.signal.aborted) void refreshSession(options);
    });
  }
}

/** Starts the first check and keeps the answer current: on return to the tab, back online, every 5 minutes, and when another tab signs in or out. */
function start() {
  if (started) return;
  started = true;
  void refreshSession({ keepShowing: prerendered.guest });
  // Like better-auth's client: the gap counts from the last return or poll, not the first check (a tab opened a
  // moment ago and brought back to the front after a sign-out elsewhere must ask).
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastAsked < FOCUS_MIN_GAP_MS) return;
    lastAsked = Date.now();
    void refreshSession();
  });
  window.addEventListener('online', () => void refreshSession());
  window.addEventListener('storage', (event) => {
    if (event.key === CROSS_TAB_KEY) void refreshSession();
  });
  setInterval(() => {
    lastAsked = Date.now();
    void refreshSession();
  }, POLL_MS);
}

/**
 * Tells the app's other tabs that the session changed (they ask again): the message better-auth's client posts, which
 * it only does while its own session hook is in use, and the guards use this store instead.
 */
export function tellOtherTabs(trigger: 'signout'): void {
  try {
    localStorage.setItem(
      CROSS_TAB_KEY,
      JSON.stringify({
        event: 'session',
        data: { trigger },
        clientId: Math.random().toString(36).slice(2, 9),
        timestamp: Math.floor(Date.now() / 1000),
      }),
    );
  } catch {
    // Storage disabled (private mode): the other tabs notice on their next check.
  }
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  start();
  return () => listeners.delete(listener);
}

export const sessionSnapshot = (): SessionSnapshot => snapshot;

// Ask as soon as this code is there, not when the first guard renders: on /play the answer (preloaded by the HTML)
// is then known by the first render, which shows the page instead of 'Loading...' first (docs/decisions/025).
if (typeof document !== 'undefined') start();

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The guards' session store (web/lib/session.ts) against a scripted session endpoint, with the browser's
// events faked: the first check, better-auth's answers, and what makes it ask again.

type Answer = { status: number; body?: unknown } | 'network-error';

let answers: Answer[];
let asked: RequestInit[];
let events: EventTarget;
/** What GET /api/health does next (true: answers; false: unreachable); answers when none is left. */
let health: boolean[];

/** `#root`'s data attributes, as the server wrote them (web/lib/prerendered.ts): none unless a test sets some. */
let rootData: Record<string, string>;

function stubBrowser() {
  rootData = {};
  answers = [];
  asked = [];
  events = new EventTarget();
  health = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (url === '/api/health') {
      const up = health.shift() ?? true;
      if (!up) throw new TypeError('Failed to fetch');
      return new Response('{"status":"ok"}', { status: 200 });
    }
    expect(url).toBe('/api/auth/get-session');
    asked.push(init);
    const answer = answers.shift() ?? { status: 200, body: null };
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body ?? null), { status: answer.status });
  });
  const listen = (type: string, listener: EventListener) => events.addEventListener(type, listener);
  const unlisten = (type: string, listener: EventListener) => events.removeEventListener(type, listener);
  vi.stubGlobal('window', { addEventListener: listen, removeEventListener: unlisten });
  vi.stubGlobal('document', {
    visibilityState: 'visible',
    addEventListener: listen,
    getElementById: (id: string) => (id === 'root' ? { dataset: rootData } : null),
  });
}

async function freshStore() {
  vi.resetModules();
  const store = await import('./session');
  const seen: ReturnType<typeof store.sessionSnapshot>[] = [];
  store.subscribeSession(() => seen.push(store.sessionSnapshot()));
  return { ...store, seen };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
const user = { id: 'u1', email: 'ada@example.test', name: '' };

describe('the session store', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'Date'] });
    stubBrowser();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks once, as soon as it is loaded (before any guard renders), with the cookies as the HTML preload does; pending until then', async () => {
    answers.push({ status: 200, body: { session: { id: 's1' }, user } });
    vi.resetModules();
    const loading = import('./session');
    const store = await loading;
    expect(asked).toHaveLength(1);
    expect(asked[0].credentials).toBe('include');
    await settled();
    expect(store.sessionSnapshot()).toEqual({ user, isPending: false });
    store.subscribeSession(() => undefined);
    expect(asked).toHaveLength(1);
  });

  it('is pending before its first answer', async () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    vi.resetModules();
    const store = await import('./session');
    expect(store.sessionSnapshot()).toEqual({ user: null, isPending: true });
  });

  it('reads a null session as signed out', async () => {
    const store = await freshStore();
    await settled();
    expect(store.sessionSnapshot()).toEqual({ user: null, isPending: false });
  });

  it('signs out on a 401 but keeps the player on a dropped request or a 5xx (conference Wi-Fi)', async () => {
    answers.push({ status: 200, body: { session: { id: 's1' }, user } }, 'network-error', { status: 503 }, { status: 401 });
    const store = await freshStore();
    await settled();
    await store.refreshSession();
    expect(store.sessionSnapshot().user).toEqual(user);
    await store.refreshSession();
    expect(store.sessionSnapshot().user).toEqual(user);
    await store.refreshSession();
    expect(store.sessionSnapshot()).toEqual({ user: null, isPending: false });
  });

  it('a first check that gets no answer stays pending (never "signed out"), and asks again once the server answers', async () => {
    // The server restarts as a signed-in player's /play loads: a dropped request, then a 503, while it comes back.
    answers.push('network-error', { status: 503 }, { status: 200, body: { session: { id: 's1' }, user } });
    health.push(false);
    const store = await freshStore();
    await vi.waitFor(() => expect(asked).toHaveLength(3), { timeout: 10_000 });
    await settled();
    expect(store.seen.every((snapshot) => snapshot.isPending || snapshot.user)).toBe(true);
    expect(store.sessionSnapshot()).toEqual({ user, isPending: false });
  });

  it('a check while signed out is pending until it answers (a sign-in just happened: /play waits instead of bouncing)', async () => {
    const store = await freshStore();
    await settled();
    answers.push({ status: 200, body: { session: { id: 's1' }, user } });
    const refreshed = store.refreshSession();
    expect(store.sessionSnapshot()).toEqual({ user: null, isPending: true });
    await refreshed;
    expect(store.sessionSnapshot()).toEqual({ user, isPending: false });
  });

  it("asks again when another tab signs in or out (better-auth's message), on return to the tab, back online and every 5 minutes", async () => {
    answers.push({ status: 200, body: { session: { id: 's1' }, user } });
    const store = await freshStore();
    await settled();
    expect(asked).toHaveLength(1);

    events.dispatchEvent(Object.assign(new Event('storage'), { key: 'something-else' }));
    events.dispatchEvent(Object.assign(new Event('storage'), { key: 'better-auth.message' }));
    await settled();
    expect(asked).toHaveLength(2);
    expect(store.sessionSnapshot()).toEqual({ user: null, isPending: false });

    // A return to the tab asks (even right after the first check); another within 5 s does not, a later one does.
    events.dispatchEvent(new Event('visibilitychange'));
    expect(asked).toHaveLength(3);
    events.dispatchEvent(new Event('visibilitychange'));
    expect(asked).toHaveLength(3);
    vi.setSystemTime(Date.now() + 6_000);
    events.dispatchEvent(new Event('visibilitychange'));
    expect(asked).toHaveLength(4);

    events.dispatchEvent(new Event('online'));
    expect(asked).toHaveLength(5);

    vi.advanceTimersByTime(5 * 60_000);
    expect(asked).toHaveLength(6);
    await settled();
  });

  it('tells subscribers only when the answer changes', async () => {
    answers.push(
      { status: 200, body: { session: { id: 's1' }, user } },
      { status: 200, body: { session: { id: 's1' }, user } },
      { status: 401 },
    );
    const store = await freshStore();
    await settled();
    expect(store.sessionSnapshot()).toEqual({ user, isPending: false });
    // The first answer may land before the subscription (Node 24 settles the fetch within the import): count from here.
    const told = store.seen.length;
    await store.refreshSession();
    expect(store.seen.slice(told)).toEqual([]);
    await store.refreshSession();
    expect(store.seen.slice(told)).toEqual([{ user: null, isPending: false }]);
  });

  it("on /auth pre-rendered for a request without a session cookie: signed out from the start, and the first check confirms it without 'Loading...'", async () => {
    rootData = { prerendered: 'auth', guest: '' };
    answers.push({ status: 200, body: null });
    const { sessionSnapshot, seen } = await freshStore();
    expect(sessionSnapshot()).toEqual({ user: null, isPending: false });
    await settled();
    expect(seen).toEqual([]);
    expect(sessionSnapshot()).toEqual({ user: null, isPending: false });
  });

  it('on a pre-rendered guest page a later check (a sign-in just happened) is pending until it answers, as anywhere', async () => {
    rootData = { prerendered: 'auth', guest: '' };
    answers.push({ status: 200, body: null }, { status: 200, body: { session: { id: 's1' }, user } });
    const { refreshSession, sessionSnapshot, seen } = await freshStore();
    await settled();
    const refreshed = refreshSession();
    expect(sessionSnapshot()).toEqual({ user: null, isPending: true });
    await refreshed;
    expect(seen.at(-1)).toEqual({ user, isPending: false });
  });
});

describe('telling other tabs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("posts better-auth's cross-tab message, which the other tabs' stores listen for", async () => {
    const stored = new Map<string, string>();
    vi.stubGlobal('localStorage', { setItem: (key: string, value: string) => stored.set(key, value) });
    vi.resetModules();
    const { tellOtherTabs } = await import('./session');
    tellOtherTabs('signout');
    expect(JSON.parse(stored.get('better-auth.message')!)).toMatchObject({ event: 'session', data: { trigger: 'signout' } });
  });
});

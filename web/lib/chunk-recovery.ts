import { reconnectDelay } from './reconnect-delay';
import { apiPaths } from '@contracts/api-paths';

// What the app does when a lazily loaded part (a page, the toasts, a dialog) fails to load: retry a few times at once,
// then wait for the server and try again, and if the server answers but the part still does not load (a new deploy
// replaced the hashed file names, or the browser remembers the failed import) reload the page, once
// (docs/decisions/038).

/** Whether `error` is a failed import of a script chunk (Chromium, Firefox and Safari word it differently). */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS|Failed to fetch/i.test(
      error.message,
    )
  );
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `load()`, tried up to `attempts` times with short jittered backoff (a blip on the Wi-Fi). */
export async function loadWithRetry<T>(load: () => Promise<T>, attempts = 3): Promise<T> {
  for (let failures = 0; ; failures++) {
    try {
      return await load();
    } catch (error) {
      if (failures + 1 >= attempts || !isChunkLoadError(error)) throw error;
      await sleep(reconnectDelay(failures, { baseMs: 300 }));
    }
  }
}

/** Whether the server answers now (GET /api/health, never from a cache). */
export async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch(apiPaths.health, { cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

/**
 * Resolves once the server answers: asks with jittered backoff (capped at a few seconds, so a page is back within
 * seconds of the server) and at once when the browser says it is online again.
 */
export function waitForServer(signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asking = false;
    const stop = () => {
      clearTimeout(timer);
      window.removeEventListener('online', ask);
    };
    const ask = async () => {
      if (asking || signal?.aborted) return;
      asking = true;
      clearTimeout(timer);
      const ok = await serverAnswers();
      asking = false;
      if (signal?.aborted) return stop();
      if (ok) {
        stop();
        resolve();
        return;
      }
      timer = setTimeout(ask, reconnectDelay(failures++, { baseMs: 500, maxMs: 2_000 }));
    };
    window.addEventListener('online', ask);
    signal?.addEventListener('abort', stop, { once: true });
    void ask();
  });
}

const RELOAD_KEY = 'gg-chunk-reload-at';
/** A second reload for a missing chunk within this long is refused: the page shows its error instead (no loop). */
const RELOAD_GUARD_MS = 60_000;

/** Reloads the page unless this tab already did so for a missing chunk in the last minute; says whether it did. */
export function reloadOnce(now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY));
    if (last && now - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOAD_KEY, String(now));
  } catch {
    return false; // no storage (a locked-down browser): never risk a loop
  }
  window.location.reload();
  return true;
}

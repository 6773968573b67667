/// <reference types="vite/client" />
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { captureTypedInput, restoreTypedInput } from '@web/lib/typed-before-mount';
import { App } from './app';
import { preloadPage } from './router';
import './styles.css';

// The first render shows the page itself: its chunk (preloaded by the HTML, server/spa/web-preload.ts) is loaded first, so
// no spinner flashes in between (React keeps one up for at least 300 ms once shown). Not a top-level await: the page's
// chunk imports this one, which must finish first.
// A page the server sent pre-rendered (the landing page, /auth for a visitor without a session: scripts/vite-prerender.ts)
// is hydrated: React adopts the markup already on screen instead of building it again, and a tap on it before then is
// replayed once it has. Any other page is rendered. Either way in a transition, so React works in slices of a few ms
// and yields to the browser in between: a phone's main thread is never blocked for the whole first render (Lighthouse's
// total blocking time, docs/decisions/040).
const container = document.getElementById('root')!;

/** Renders nothing: hands what was typed before the app ran to its fields, after the first commit. */
function TypedBeforeMount({ typed }: { typed: ReturnType<typeof captureTypedInput> }) {
  useEffect(() => restoreTypedInput(typed), [typed]);
  return null;
}

void preloadPage(window.location.pathname).then(() => {
  // What a player typed into the pre-rendered /auth while this script loaded reaches the app's state once it has
  // committed (an effect: events sent to markup React is still hydrating would be lost).
  const typed = captureTypedInput(container);
  const app = (
    <StrictMode>
      <App />
      <TypedBeforeMount typed={typed} />
    </StrictMode>
  );
  startTransition(() => {
    // The only error boundary is the root layout's, whose screen logs what it shows (not a chunk that failed to load
    // on bad Wi-Fi): React's own report of a caught error would log it twice.
    const onCaughtError = () => undefined;
    if (container.dataset.prerendered) {
      // Markup that differs from the first render (e.g. /auth reopened while a code is awaited: the code form, not the
      // pre-rendered sign-in) is not an error: React renders the page afresh, as it does for any other page.
      hydrateRoot(container, app, { onCaughtError, onRecoverableError: () => undefined });
    } else {
      createRoot(container, { onCaughtError }).render(app);
    }
  });
});

// A reload while the server is briefly unreachable shows our "Reconnecting…" page, not the browser's (web/public/sw.js).
// Registered once the page has loaded (it should not compete with the first load's bytes), or after 3 s at the latest:
// a page whose load event is held up (a slow preload, an image) must not go without it.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  let registered = false;
  const register = () => {
    if (registered) return;
    registered = true;
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
  setTimeout(register, 3_000);
}

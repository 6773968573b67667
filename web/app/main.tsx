/// <reference types="vite/client" />
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { preloadPage } from './router';
import './styles.css';

// The first render shows the page itself: its chunk (preloaded by the HTML, server/web-preload.ts) is loaded first, so
// no spinner flashes in between (React keeps one up for at least 300 ms once shown). Not a top-level await: the page's
// chunk imports this one, which must finish first. The landing page arrives pre-rendered (scripts/vite-prerender.ts)
// and is in this chunk: the first render replaces the markup with the same.
void preloadPage(window.location.pathname).then(() =>
  // The only error boundary is the root layout's, whose screen logs what it shows (not a chunk that failed to load on
  // bad Wi-Fi): React's own report of a caught error would log it twice.
  createRoot(document.getElementById('root')!, { onCaughtError: () => undefined }).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

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

/// <reference types="vite/client" />
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { router } from './router';
import './styles.css';

const container = document.getElementById('root')!;

// The landing page arrives pre-rendered (scripts/vite-prerender.ts). Render only once its route module has loaded,
// so the same markup replaces it in one frame instead of a spinner flashing in between.
if (container.dataset.prerendered && !router.state.initialized) {
  await new Promise<void>((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
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

// Guess the Genesis service worker: only one job. When a page load (a navigation) cannot reach the server, show
// the app's own "Reconnecting…" page instead of the browser's error page; that page reloads itself as soon as the
// server answers again, and /play then resumes the unfinished game from the server. Nothing else is intercepted:
// API calls, assets and mail links go to the network exactly as without a service worker.
const CACHE = 'gg-offline-v1';
const OFFLINE_FILES = ['/offline.html', '/offline.js', '/favicon.svg'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(OFFLINE_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/dev/')) return;
  event.respondWith(
    fetch(request).catch(async () => (await caches.match('/offline.html')) || Response.error()),
  );
});

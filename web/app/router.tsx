import type { ComponentType } from 'react';
import { matchRoutes, Route, Routes } from 'react-router';
import { paths } from '@contracts/paths';
import { lazyWithPreload } from '@web/lib/lazy-with-preload';
import LandingPage from '@web/routes/landing';
import { RootLayout } from './root-layout';

// A page in its own chunk. main.tsx loads the first page's chunk before the first render (`preloadPage`), so no
// spinner shows for a chunk the HTML already preloaded.
const lazyPage = (load: () => Promise<{ default: ComponentType }>) => lazyWithPreload(() => load().then((module) => module.default));

// Each page is its own chunk: the landing page ships without the game, the console or the leaderboard.
// The landing page itself is in the entry chunk: it is the first load of every walk-up, so it paints and runs from
// one script, with none of the libraries the other pages share (docs/decisions/020).
// Declarative routes (<Routes>), not a data router: no page uses loaders or actions, and React Router's data router
// is ~14 kB brotli more in the entry chunk every page waits for (docs/decisions/025). The root layout shows the
// spinner while a page loads and the crash/chunk-failure screen if one fails.
// Every page but the landing, privacy and 404 pages wraps itself in TanStack Query's provider (withQueryClient).
const pages: { path: string; Page: ComponentType & { preload?: () => Promise<unknown> } }[] = [
  { path: paths.landing, Page: LandingPage },
  { path: paths.privacy, Page: lazyPage(() => import('@web/routes/privacy')) },
  { path: paths.auth, Page: lazyPage(() => import('@web/routes/auth')) },
  { path: paths.resetPassword, Page: lazyPage(() => import('@web/routes/reset-password')) },
  { path: paths.play, Page: lazyPage(() => import('@web/routes/play')) },
  { path: paths.leaderboard, Page: lazyPage(() => import('@web/routes/leaderboard')) },
  { path: paths.booth, Page: lazyPage(() => import('@web/routes/booth')) },
  { path: `${paths.admin}/*`, Page: lazyPage(() => import('@web/routes/admin')) },
  { path: '*', Page: lazyPage(() => import('@web/routes/not-found')) },
];

/** Loads the chunk of the page at `pathname` (nothing for the landing page); rejects when it cannot. */
function loadPage(pathname: string): Promise<unknown> {
  const match = matchRoutes(pages, pathname)?.[0]?.route;
  return match?.Page.preload?.() ?? Promise.resolve();
}

/** Loads the chunk of the page at `pathname`; a failure is left to the page to show. */
export async function preloadPage(pathname: string): Promise<void> {
  await loadPage(pathname).catch(() => undefined);
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout loadPage={loadPage} />}>
        {pages.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
      </Route>
    </Routes>
  );
}

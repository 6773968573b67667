import { createBrowserRouter } from 'react-router';
import { paths } from '@contracts/paths';
import LandingPage from '@web/routes/landing';
import { LoadingScreen } from '@web/ui/loading-screen';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

// Each page is its own chunk: the landing page ships without the game, the console or the leaderboard.
// The landing page itself is in the entry chunk: it is the first load of every walk-up, so it paints and runs from
// one script, with none of the libraries the other pages share (docs/decisions/020).
// The root route only adds what every page shares: the crash/chunk-failure screen and a first-load spinner.
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: LoadingScreen,
    children: [
      { path: paths.landing, Component: LandingPage },
      { path: paths.privacy, lazy: () => import('@web/routes/privacy').then(toRoute) },
      // Every page but the landing, privacy and 404 pages wraps itself in TanStack Query's provider (withQueryClient).
      { path: paths.auth, lazy: () => import('@web/routes/auth').then(toRoute) },
      { path: paths.resetPassword, lazy: () => import('@web/routes/reset-password').then(toRoute) },
      { path: paths.play, lazy: () => import('@web/routes/play').then(toRoute) },
      { path: paths.leaderboard, lazy: () => import('@web/routes/leaderboard').then(toRoute) },
      { path: paths.booth, lazy: () => import('@web/routes/booth').then(toRoute) },
      { path: `${paths.admin}/*`, lazy: () => import('@web/routes/admin').then(toRoute) },
      { path: '*', lazy: () => import('@web/routes/not-found').then(toRoute) },
    ],
  },
]);

function toRoute(module: { default: React.ComponentType }) {
  return { Component: module.default };
}

import { createBrowserRouter } from 'react-router';
import { paths } from '@contracts/paths';

// Each page is its own chunk: the landing page ships without the game, the console or the leaderboard.
export const router = createBrowserRouter([
  { path: paths.landing, lazy: () => import('@web/routes/landing').then(toRoute) },
  { path: paths.auth, lazy: () => import('@web/routes/auth').then(toRoute) },
  { path: paths.resetPassword, lazy: () => import('@web/routes/reset-password').then(toRoute) },
  { path: paths.play, lazy: () => import('@web/routes/play').then(toRoute) },
  { path: paths.privacy, lazy: () => import('@web/routes/privacy').then(toRoute) },
  { path: paths.leaderboard, lazy: () => import('@web/routes/leaderboard').then(toRoute) },
  { path: paths.booth, lazy: () => import('@web/routes/booth').then(toRoute) },
  { path: `${paths.admin}/*`, lazy: () => import('@web/routes/admin').then(toRoute) },
  { path: '*', lazy: () => import('@web/routes/not-found').then(toRoute) },
]);

function toRoute(module: { default: React.ComponentType }) {
  return { Component: module.default };
}

import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LazyBoundary } from '@web/lib/lazy-boundary';
import { lazyWithPreload } from '@web/lib/lazy-with-preload';
import { LoadingScreen } from '@web/ui/loading-screen';
import { Reconnecting } from '@web/ui/reconnecting';
import { useToasterWanted } from '@web/ui/toast';
import { RouteError } from './route-error';

// sonner stays out of the entry chunk (a small first load: docs/decisions/017-first-load-on-bad-wifi.md): the Toaster loads with the first toast or once the
// page has loaded (web/ui/toast.ts), and pages that toast import sonner through web/ui/toast.ts. A toast raised before
// the Toaster mounts is not lost: sonner replays active toasts to a Toaster when it subscribes.
// Its own boundary: a Toaster that cannot load (the Wi-Fi dropped) shows nothing and loads once the server answers.
const Toaster = lazyWithPreload(() => import('sonner').then((module) => module.Toaster));

/**
 * Wraps every page: the spinner while a page's chunk loads; "Reconnecting…" while it cannot be loaded, until it loads
 * by itself once the server answers; the crash screen if the page fails (cleared by moving to another page); and the
 * toasts. A new page starts at the top (React Router's ScrollRestoration needs an inline script, which our CSP
 * forbids). `loadPage` loads the chunk of the page at a path (web/app/router.tsx).
 */
export function RootLayout({ loadPage }: { loadPage: (pathname: string) => Promise<unknown> }) {
  const { pathname } = useLocation();
  const toasterWanted = useToasterWanted();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation (pathname is the trigger, not an input).
  useEffect(() => {
    // Braces matter: Chromium's scrollTo now returns a promise, and an effect may only return a cleanup function.
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <>
      <LazyBoundary
        resetKey={pathname}
        retry={() => loadPage(pathname)}
        reconnecting={<Reconnecting screen />}
        failed={(error) => <RouteError error={error} />}
      >
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </LazyBoundary>
      {toasterWanted ? (
        <LazyBoundary retry={Toaster.preload} reconnecting={null}>
          <Suspense fallback={null}>
            {/*
              From the bottom: the top of every page holds its header and the heading a toast refers to. On a phone
              (up to 600 px) across the screen, above the home indicator; on a wide screen in the corner, beside the
              player's 430 px column. Always above a floor such as the guess composer (useToastFloor).
            */}
            <Toaster
              position="bottom-right"
              theme="dark"
              richColors
              closeButton
              offset={{ bottom: 'calc(var(--toast-floor, 0px) + 24px)' }}
              mobileOffset={{ bottom: 'calc(max(var(--toast-floor, 0px), env(safe-area-inset-bottom, 0px)) + 12px)' }}
            />
          </Suspense>
        </LazyBoundary>
      ) : null}
    </>
  );
}

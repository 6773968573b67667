import { Component, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '@web/ui/loading-screen';
import { useToasterWanted } from '@web/ui/toast';
import { RouteError } from './route-error';

// sonner stays out of the entry chunk (SPEC 13: small first load): the Toaster loads with the first toast or once the
// page has loaded (web/ui/toast.ts), and pages that toast import sonner through web/ui/toast.ts. A toast raised before
// the Toaster mounts is not lost: sonner replays active toasts to a Toaster when it subscribes.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/**
 * Wraps every page: the spinner while a page's chunk loads, the crash/chunk-failure screen if it fails (cleared by
 * moving to another page), and the toasts. A new page starts at the top (React Router's ScrollRestoration needs an
 * inline script, which our CSP forbids).
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const toasterWanted = useToasterWanted();
  useEffect(() => {
    // Braces matter: Chromium's scrollTo now returns a promise, and an effect may only return a cleanup function.
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <>
      <PageErrorBoundary pathname={pathname}>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
      {toasterWanted ? (
        <Suspense fallback={null}>
          {/* Below the sticky page header (4.25rem), never over it. */}
          <Toaster position="top-center" theme="dark" richColors closeButton offset={{ top: 80 }} mobileOffset={{ top: 76 }} />
        </Suspense>
      ) : null}
    </>
  );
}

class PageErrorBoundary extends Component<{ pathname: string; children: ReactNode }, { error: unknown; pathname: string | null }> {
  state = { error: null as unknown, pathname: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: { error: unknown; pathname: string | null }) {
    // Another page: forget the failure of the last one.
    if (state.pathname !== props.pathname) return { error: null, pathname: props.pathname };
    return null;
  }

  render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

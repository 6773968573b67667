import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

// sonner stays out of the entry chunk (SPEC 13: small first load): the Toaster loads once the first page is on
// screen, and pages that toast import sonner through web/ui/toast.ts. A toast raised before the Toaster mounts is not lost:
// sonner replays active toasts to a Toaster when it subscribes.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** Wraps every page. A new page starts at the top (React Router's ScrollRestoration needs an inline script, which our CSP forbids). */
export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    // Braces matter: Chromium's scrollTo now returns a promise, and an effect may only return a cleanup function.
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        {/* Below the sticky page header (4.25rem), never over it. */}
        <Toaster position="top-center" theme="dark" richColors closeButton offset={{ top: 80 }} mobileOffset={{ top: 76 }} />
      </Suspense>
    </>
  );
}

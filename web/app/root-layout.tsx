import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

/** Wraps every page. A new page starts at the top (React Router's ScrollRestoration needs an inline script, which our CSP forbids). */
export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    // Braces matter: Chromium's scrollTo now returns a promise, and an effect may only return a cleanup function.
    window.scrollTo(0, 0);
  }, [pathname]);
  return <Outlet />;
}

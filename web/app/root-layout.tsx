import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

/** Wraps every page. A new page starts at the top (React Router's ScrollRestoration needs an inline script, which our CSP forbids). */
export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => window.scrollTo(0, 0), [pathname]);
  return <Outlet />;
}

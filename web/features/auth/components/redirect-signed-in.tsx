import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { homeOf } from '../home-of';
import { apiPaths } from '@contracts/api-paths';

/**
 * The landing page's guard: the page shows at once (it is pre-rendered HTML, painted before any script runs) and
 * a signed-in user is sent home (/play, or the console for an organizer) as soon as the session check answers.
 *
 * A plain fetch, not better-auth's client (docs/decisions/020): the landing page is the first load of every walk-up
 * and ships without the auth library. Same request as the page's preload (credentials 'include'), which it reuses.
 */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const [home, setHome] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch(apiPaths.session, { credentials: 'include', signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ user?: unknown } | null>) : null))
      .then((session) => setHome(session?.user ? homeOf(session.user) : null))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  if (home) return <Navigate to={home} replace />;
  return children;
}

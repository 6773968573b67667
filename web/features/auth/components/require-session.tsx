import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '@contracts/paths';
import { LoadingScreen } from '@web/ui/loading-screen';
import { homeOf } from '../home-of';
import { useSession, type SessionUser } from '../hooks/use-session';

/**
 * Route guard: 'Loading...' while the session is unknown, /auth (history replaced) when nobody is
 * signed in, otherwise the content. Signing out here or in another tab re-renders this and redirects.
 */
export function RequireSession({ children }: { children: (user: SessionUser) => ReactNode }) {
  const session = useSession();
  if (session.status === 'loading') return <LoadingScreen />;
  if (session.status === 'signed-out') return <Navigate to={paths.auth} replace />;
  return children(session.user);
}

/**
 * The opposite guard for the landing page and /auth: a signed-in user goes straight home (an organizer to the console,
 * a player to /play). The sign-in form navigates there too; both agree, whichever runs first.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.status === 'loading') return <LoadingScreen />;
  if (session.status === 'signed-in') return <Navigate to={homeOf(session.user)} replace />;
  return children;
}

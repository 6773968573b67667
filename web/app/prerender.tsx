import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { paths } from '@contracts/paths';
import type { PublicConfig } from '@contracts/config';
import { publicConfigQueryOptions } from '@web/features/auth/api/get-public-config';
import { AuthPageContent } from '@web/routes/auth';
import LandingPage from '@web/routes/landing';

/**
 * Build-time only (scripts/vite-prerender.ts): the landing page as HTML, so its text and "Get Started" paint
 * from the first bytes, before any script has arrived. The browser's first render replaces it with the same markup.
 */
export function renderLanding(): string {
  return renderToString(
    <StaticRouter location="/">
      <LandingPage />
    </StaticRouter>,
  );
}

/** The pre-rendered variants of /auth the server chooses from (server/web.routes.ts). */
export const AUTH_VARIANTS = [
  { mode: 'sign-in', googleEnabled: false },
  { mode: 'sign-in', googleEnabled: true },
  { mode: 'sign-up', googleEnabled: false },
  { mode: 'sign-up', googleEnabled: true },
] as const;

/**
 * Build-time only: /auth as a signed-out visitor sees it, in sign-in or sign-up mode, with or without the Google
 * button. The server sends one when the request carries no session cookie; the browser's first render replaces it
 * with the same markup (web/lib/prerendered.ts tells the app what the server knew).
 */
export function renderAuth(variant: (typeof AUTH_VARIANTS)[number]): string {
  const queryClient = new QueryClient();
  // Only googleEnabled is read on /auth before the answer; the rest of the config is not shown.
  queryClient.setQueryData(publicConfigQueryOptions().queryKey, { googleEnabled: variant.googleEnabled } as PublicConfig);
  const location = variant.mode === 'sign-up' ? `${paths.auth}?mode=sign-up` : paths.auth;
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <StaticRouter location={location}>
        <AuthPageContent />
      </StaticRouter>
    </QueryClientProvider>,
  );
}

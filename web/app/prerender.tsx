import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { paths } from '@contracts/paths';
import type { PublicConfig } from '@contracts/config';
import { publicConfigQueryOptions } from '@web/features/auth/api/get-public-config';
import { AuthPageContent } from '@web/routes/auth';
import LandingPage from '@web/routes/landing';
import { RootLayout } from './root-layout';

/**
 * A page inside the root layout, as the app renders it (web/app/router.tsx): the browser hydrates this markup
 * (web/app/main.tsx), so every element and Suspense boundary above the page must be the same as in the app.
 */
function InRootLayout({ location, children }: { location: string; children: ReactNode }) {
  return (
    <StaticRouter location={location}>
      <Routes>
        <Route element={<RootLayout loadPage={() => Promise.resolve()} />}>
          <Route path="*" element={children} />
        </Route>
      </Routes>
    </StaticRouter>
  );
}

/**
 * Build-time only (scripts/vite-prerender.ts): the landing page as HTML, so its text and "Get Started" paint
 * from the first bytes, before any script has arrived. The browser hydrates it.
 */
export function renderLanding(): string {
  return renderToString(
    <InRootLayout location="/">
      <LandingPage />
    </InRootLayout>,
  );
}

/** The pre-rendered variants of /auth the server chooses from (server/spa/web.routes.ts). */
export const AUTH_VARIANTS = [
  { mode: 'sign-in', googleEnabled: false },
  { mode: 'sign-in', googleEnabled: true },
  { mode: 'sign-up', googleEnabled: false },
  { mode: 'sign-up', googleEnabled: true },
] as const;

/**
 * Build-time only: /auth as a signed-out visitor sees it, in sign-in or sign-up mode, with or without the Google
 * button. The server sends one when the request carries no session cookie; the browser hydrates it
 * (web/lib/prerendered.ts tells the app what the server knew, so its first render is this markup).
 */
export function renderAuth(variant: (typeof AUTH_VARIANTS)[number]): string {
  const queryClient = new QueryClient();
  // Only googleEnabled is read on /auth before the answer; the rest of the config is not shown.
  queryClient.setQueryData(publicConfigQueryOptions().queryKey, { googleEnabled: variant.googleEnabled } as PublicConfig);
  const location = variant.mode === 'sign-up' ? `${paths.auth}?mode=sign-up` : paths.auth;
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <InRootLayout location={location}>
        <AuthPageContent />
      </InRootLayout>
    </QueryClientProvider>,
  );
}

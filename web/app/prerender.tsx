import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
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

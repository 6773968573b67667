import { RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { BrandHeader } from '@web/ui/brand-header';
import { Button } from '@web/ui/button';
import { PageColumn } from '@web/ui/page';
import { SiteFooter } from '@web/ui/site-footer';

/**
 * Shown when a page crashes or its chunk cannot load (e.g. a deploy replaced the hashed files, or the
 * Wi-Fi dropped): a reload fixes both, so that is the main action.
 */
export function RouteError({ error }: { error: unknown }) {
  const chunkFailed =
    error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
  const detail = error instanceof Error ? error.message : null;
  if (!chunkFailed) console.error(error);

  return (
    <PageColumn>
      <BrandHeader />
      <main role="alert" className="flex flex-1 flex-col items-center justify-center pb-16 text-center">
        <h1 className="font-display text-2xl font-bold">Something went wrong</h1>
        <p className="mt-2 max-w-[20rem] text-sm text-muted">
          {chunkFailed
            ? 'The page could not be loaded. Check your connection and try again.'
            : 'An unexpected error stopped this page. Reloading usually fixes it.'}
        </p>
        {detail && !chunkFailed ? <p className="mt-3 max-w-full break-words font-mono text-xs text-muted/80">{detail}</p> : null}
        <Button size="lg" className="mt-8 w-full" onClick={() => window.location.reload()}>
          <RotateCcw className="size-5" aria-hidden />
          Reload
        </Button>
        <Button asChild variant="link" className="mt-4 text-sm">
          <Link to={paths.landing} reloadDocument>
            Return to Home
          </Link>
        </Button>
      </main>
      <SiteFooter />
    </PageColumn>
  );
}

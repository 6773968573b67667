import { Home } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { BrandHeader } from '@web/ui/brand-header';
import { Button } from '@web/ui/button';
import { PageColumn } from '@web/ui/page';
import { SiteFooter } from '@web/ui/site-footer';

/** Any unknown path (the server logged it and answered 404). */
export default function NotFoundPage() {
  return (
    <PageColumn>
      <title>Page not found · Guess the Genesis</title>
      <BrandHeader />
      <main className="flex flex-1 flex-col items-center justify-center pb-16 text-center">
        <p
          className="bg-gradient-to-r from-accent to-glow bg-clip-text font-display text-8xl font-extrabold tracking-tight text-transparent"
          aria-hidden
        >
          404
        </p>
        <h1 className="mt-4 font-display text-2xl font-bold">Oops! Page not found</h1>
        <p className="mt-2 max-w-[20rem] text-sm text-muted">
          This page doesn't exist — maybe the prompt was wrong. Let's get you back on track.
        </p>
        <Button asChild size="lg" className="mt-8 w-full">
          <Link to={paths.landing}>
            <Home className="size-5" aria-hidden />
            Return to Home
          </Link>
        </Button>
      </main>
      <SiteFooter />
    </PageColumn>
  );
}

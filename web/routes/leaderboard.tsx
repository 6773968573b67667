import { ArrowLeft, Play } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@contracts/paths';
import { BoothScreen } from '@web/features/leaderboard/components/booth-screen';
import { LeaderboardView } from '@web/features/leaderboard/components/leaderboard-view';
import { Button } from '@web/ui/button';
import { Logo } from '@web/ui/logo';
import { PageColumn } from '@web/ui/page';
import { SiteFooter } from '@web/ui/site-footer';

/** /leaderboard: the public live board (top 50, the viewer's own row highlighted); ?booth=1 is the booth TV view. */
export default function LeaderboardPage() {
  const [search] = useSearchParams();
  if (search.get('booth') === '1') {
    return (
      <>
        <title>Live leaderboard · Guess the Genesis</title>
        <BoothScreen />
      </>
    );
  }
  return (
    <PageColumn>
      <title>Leaderboard · Guess the Genesis</title>
      <header className="-mx-4 flex items-center gap-3 border-b border-night-800/80 bg-night-950/80 px-4 py-3 backdrop-blur">
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link to={paths.play}>
            <ArrowLeft className="size-4" aria-hidden />
            Play
          </Link>
        </Button>
        <span className="flex-1" />
        <Link to={paths.landing} className="flex items-center gap-2 rounded-xl">
          <Logo className="size-8" />
          <span className="font-display font-bold tracking-tight">Guess the Genesis</span>
        </Link>
      </header>
      <main className="flex-1 pb-10 pt-6">
        <LeaderboardView
          emptyAction={
            <Button asChild className="mt-2">
              <Link to={paths.play}>
                <Play className="size-4 fill-current" aria-hidden />
                START PLAYING
              </Link>
            </Button>
          }
        />
      </main>
      <SiteFooter />
    </PageColumn>
  );
}

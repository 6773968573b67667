import { ArrowLeft, Play } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { paths } from '@contracts/paths';
import { LeaderboardView } from '@web/features/leaderboard/components/leaderboard-view';
import { Button } from '@web/ui/button';
import { PageColumn } from '@web/ui/page';
import { PageHeader } from '@web/ui/page-header';
import { SiteFooter } from '@web/ui/site-footer';
import { withQueryClient } from '@web/lib/query-client';

/** /leaderboard: the public live board (top 50, the viewer's own row highlighted); ?booth=1 is an old link to /booth. */
function LeaderboardPage() {
  const [search] = useSearchParams();
  if (search.get('booth') === '1') return <Navigate to={paths.booth} replace />;
  return (
    <PageColumn>
      <title>Leaderboard · Guess the Genesis</title>
      <PageHeader
        start={
          <Button asChild variant="ghost" size="md-tight" className="-ml-2">
            <Link to={paths.play}>
              <ArrowLeft className="size-4" aria-hidden />
              Play
            </Link>
          </Button>
        }
      />
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

export default withQueryClient(LeaderboardPage);

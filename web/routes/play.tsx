import { RequireSession } from '@web/features/auth/components/require-session';
import { UserMenu } from '@web/features/auth/components/user-menu';
import { EventClosedNotice } from '@web/features/event-status/components/event-closed-notice';
import { GameScreen } from '@web/features/game/components/game-screen';
import { CompleteStanding, ReplaceScoreNotice } from '@web/features/leaderboard/components/complete-standing';
import { PlayerRank, PlayerStrategy } from '@web/features/leaderboard/components/my-rank';
import { useInvalidateLeaderboard } from '@web/features/leaderboard/hooks/use-invalidate-leaderboard';
import { useRememberRankBeforeGame } from '@web/features/leaderboard/hooks/use-rank-before-game';
import { PageColumn } from '@web/ui/page';
import { PageHeader } from '@web/ui/page-header';
import { SiteFooter } from '@web/ui/site-footer';
import { withQueryClient } from '@web/lib/query-client';

/** /play: the signed-in frame (header with the account menu, footer) around the game. */
function PlayPage() {
  const refreshLeaderboard = useInvalidateLeaderboard();
  const rememberRankBefore = useRememberRankBeforeGame();
  return (
    <RequireSession>
      {(user) => (
        <PageColumn>
          <title>Play · Guess the Genesis</title>
          <PageHeader end={<UserMenu email={user.email} role={(user as { role?: string }).role} />} />
          <main className="flex-1 pb-10 pt-6">
            <EventClosedNotice className="mb-4" />
            <GameScreen
              homeStanding={<PlayerRank />}
              homeExtras={<PlayerStrategy />}
              completeStanding={(attempt) => <CompleteStanding attemptId={attempt.id} />}
              completeAfterReveal={<PlayerStrategy />}
              startNotice={<ReplaceScoreNotice />}
              onGameOpened={(attempt) => rememberRankBefore(attempt.id)}
              onChallengeComplete={refreshLeaderboard}
            />
          </main>
          <SiteFooter />
        </PageColumn>
      )}
    </RequireSession>
  );
}

export default withQueryClient(PlayPage);

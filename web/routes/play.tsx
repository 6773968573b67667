import { RequireSession } from '@web/features/auth/components/require-session';
import { UserMenu } from '@web/features/auth/components/user-menu';
import { EventClosedNotice } from '@web/features/event-status/components/event-closed-notice';
import { GameScreen } from '@web/features/game/components/game-screen';
import { PlayerRank, PlayerStanding, PlayerStrategy } from '@web/features/leaderboard/components/my-rank';
import { useInvalidateLeaderboard } from '@web/features/leaderboard/hooks/use-invalidate-leaderboard';
import { PageColumn } from '@web/ui/page';
import { PageHeader } from '@web/ui/page-header';
import { SiteFooter } from '@web/ui/site-footer';

/** /play: the signed-in frame (header with the account menu, footer) around the game. */
export default function PlayPage() {
  const refreshLeaderboard = useInvalidateLeaderboard();
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
              completeExtras={<PlayerStanding />}
              onChallengeComplete={refreshLeaderboard}
            />
          </main>
          <SiteFooter />
        </PageColumn>
      )}
    </RequireSession>
  );
}

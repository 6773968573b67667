import { RequireSession } from '@web/features/auth/components/require-session';
import { UserMenu } from '@web/features/auth/components/user-menu';
import { GameScreen } from '@web/features/game/components/game-screen';
import { PlayerStanding } from '@web/features/leaderboard/components/my-rank';
import { useInvalidateLeaderboard } from '@web/features/leaderboard/hooks/use-invalidate-leaderboard';
import { Logo } from '@web/ui/logo';
import { PageColumn } from '@web/ui/page';
import { SiteFooter } from '@web/ui/site-footer';

/** /play: the signed-in frame (header with the account menu, footer) around the game. */
export default function PlayPage() {
  const refreshLeaderboard = useInvalidateLeaderboard();
  return (
    <RequireSession>
      {(user) => (
        <PageColumn>
          <title>Play · Guess the Genesis</title>
          <header className="sticky top-0 z-20 -mx-4 flex items-center gap-3 border-b border-night-800/80 bg-night-950/80 px-4 py-3 backdrop-blur">
            <Logo className="size-9" />
            <span className="flex-1 font-display text-lg font-bold tracking-tight">Guess the Genesis</span>
            <UserMenu email={user.email} />
          </header>
          <main className="flex-1 pb-10 pt-6">
            <GameScreen homeExtras={<PlayerStanding />} completeExtras={<PlayerStanding />} onChallengeComplete={refreshLeaderboard} />
          </main>
          <SiteFooter />
        </PageColumn>
      )}
    </RequireSession>
  );
}

import { Suspense, useState } from 'react';
import { takeStartNow } from '@web/features/auth/play-navigation';
import { RequireSession } from '@web/features/auth/components/require-session';
import { UserMenu } from '@web/features/auth/components/user-menu';
import { useEventStatus } from '@web/features/event-status/api/get-event-status';
import { LOCKED_PLAY_NOTE } from '@contracts/game.rules';
import { useMomentPassed } from '@web/ui/use-moment-passed';
import { EventStatusNotice } from '@web/features/event-status/components/event-closed-notice';
import { GameScreen } from '@web/features/game/components/game-screen';
import { BoardEntryNote, CompleteStanding, ReplaceScoreNotice } from '@web/features/leaderboard/components/complete-standing';
import { PlayerRank, PlayerStrategy } from '@web/features/leaderboard/components/my-rank';
import { useInvalidateLeaderboard } from '@web/features/leaderboard/hooks/use-invalidate-leaderboard';
import { useRememberRankBeforeGame } from '@web/features/leaderboard/hooks/use-rank-before-game';
import { PageColumn } from '@web/ui/page';
import { PageHeader } from '@web/ui/page-header';
import { SiteFooter } from '@web/ui/site-footer';
import { withQueryClient } from '@web/lib/query-client';
import { LazyBoundary } from '@web/lib/lazy-boundary';
import { lazyWithPreload } from '@web/lib/lazy-with-preload';
import { refreshSession } from '@web/lib/session';
import { Reconnecting } from '@web/ui/reconnecting';

// Only a player who started before confirming their e-mail sees it, on the complete screen: it brings better-auth's
// client, which /play does not load before START CHALLENGE (docs/decisions/025).
const VerifyCodePanel = lazyWithPreload(() =>
  import('@web/features/auth/components/verify-code-panel').then((module) => module.VerifyCodePanel),
);

/** The mailed code, asked for where a player who started before confirming sees their score (docs/decisions/039). */
function ConfirmEmail({ email, onConfirmed }: { email: string; onConfirmed: () => void }) {
  return (
    <LazyBoundary retry={VerifyCodePanel.preload} reconnecting={<Reconnecting />}>
      <Suspense fallback={null}>
        <VerifyCodePanel
          email={email}
          reason="play-first"
          onVerified={() => {
            void refreshSession();
            onConfirmed();
          }}
        />
      </Suspense>
    </LazyBoundary>
  );
}

/** /play: the signed-in frame (header with the account menu, footer) around the game. */
function PlayPage() {
  const refreshLeaderboard = useInvalidateLeaderboard();
  const rememberRankBefore = useRememberRankBeforeGame();
  const eventStatus = useEventStatus();
  // After the final whistle a new game never counts (docs/decisions/050): said before START, not only after it.
  const resultsFinal = useMomentPassed(eventStatus?.resultsLockedAt);
  // Just signed up with the event's "play first" option: open the first challenge at once, on this visit only.
  const [startNow] = useState(takeStartNow);
  return (
    <RequireSession>
      {(user) => {
        // Started before confirming the e-mail (docs/decisions/039): not on the board until the code is typed.
        const unconfirmed = user.emailVerified === false;
        return (
          <PageColumn>
            <title>Play · Guess the Genesis</title>
            <PageHeader end={<UserMenu email={user.email} role={(user as { role?: string }).role} />} />
            <main className="flex-1 pb-10 pt-6">
              <EventStatusNotice status={eventStatus} className="mb-4" />
              <GameScreen
                homeStanding={<PlayerRank unconfirmed={unconfirmed} />}
                homeExtras={unconfirmed ? <ConfirmEmail email={user.email} onConfirmed={refreshLeaderboard} /> : <PlayerStrategy />}
                completeStanding={(attempt) =>
                  unconfirmed ? (
                    <ConfirmEmail email={user.email} onConfirmed={refreshLeaderboard} />
                  ) : (
                    <CompleteStanding attemptId={attempt.id} />
                  )
                }
                completeBoardNote={
                  unconfirmed ? 'Your best guess counts. It joins the leaderboard once you confirm your e-mail.' : <BoardEntryNote />
                }
                autoStart={startNow}
                completeAfterReveal={<PlayerStrategy />}
                startNotice={
                  resultsFinal ? (
                    <p data-testid="results-final-notice" className="text-center text-sm font-semibold text-amber-200">
                      {LOCKED_PLAY_NOTE}
                    </p>
                  ) : (
                    <ReplaceScoreNotice />
                  )
                }
                startClosedReason={eventStatus?.eventOpen === false ? 'The event is closed: new challenges cannot start right now.' : null}
                onGameOpened={(attempt) => rememberRankBefore(attempt.id)}
                onChallengeComplete={refreshLeaderboard}
              />
            </main>
            <SiteFooter />
          </PageColumn>
        );
      }}
    </RequireSession>
  );
}

export default withQueryClient(PlayPage);

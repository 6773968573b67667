import { Crown, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { BOOTH_TOP_SIZE } from '@contracts/leaderboard.rules';
import { cn } from '@web/lib/cn';
import { Logo } from '@web/ui/logo';
import { useBoothInfo } from '../api/get-booth-info';
import { useBoothSound } from '../hooks/use-booth-sound';
import { idleMsFromLocation, useBoothMoments } from '../hooks/use-booth-moments';
import { useLeaderboardStream } from '../hooks/use-leaderboard-stream';
import { useMomentPassed } from '@web/ui/use-moment-passed';
import { BoothAttract } from './booth-attract';
import { BoothBoard } from './booth-board';
import { BoothCountdown } from './booth-countdown';
import { BoothJoinPanel } from './booth-join-panel';
import { BoothMessage } from './booth-message';
import { BoothPodium } from './booth-podium';
import { BoothTakeover } from './booth-takeover';
import { BoothTicker } from './booth-ticker';
import { LiveStatus } from './live-status';

/**
 * The booth TV, read from three metres: the top 10 as ten slots, a ticker of who starts and finishes, a "new #1"
 * takeover (never over the QR code), an attract loop while nothing happens, and the QR code that opens the game. The
 * organizer switches the main panel from the console: the board, a final countdown above it, the podium, or a
 * message. Sized in viewport units so 720p, 1080p and 4K fill the same way; no cursor, never a scrollbar; the one
 * control is the sound switch.
 */
export function BoothScreen() {
  // The #1's name, score and strategy, the finishes and the counts all ride on the live board.
  const { board, status, received } = useLeaderboardStream();
  const boothInfo = useBoothInfo();
  const [idleMs] = useState(() => idleMsFromLocation(window.location.search));
  const { takeover, idle, freshIds } = useBoothMoments(board, idleMs);
  const sound = useBoothSound();
  useKeepScreenAwake();
  const { chime } = sound;
  useEffect(() => {
    if (takeover) chime();
  }, [takeover, chime]);

  // Only real scores make the public board (a 0.0 % is not a standing).
  const top = board?.entries.filter((entry) => entry.score > 0).slice(0, BOOTH_TOP_SIZE) ?? [];
  const boardPanel = board === null ? null : top.length === 0 ? <EmptyBoard /> : <BoothBoard entries={top} />;
  const booth = board?.booth;
  // The final whistle: from then on the board is settled (no invitation to beat the #1).
  const final = useMomentPassed(booth?.resultsLockAt);
  const mode = booth?.mode ?? 'board';
  const heading =
    mode === 'podium'
      ? 'The podium'
      : mode === 'message'
        ? 'Announcement'
        : idle && mode === 'board'
          ? 'While you wait'
          : `Live top ${BOOTH_TOP_SIZE}`;
  let panel = idle && board ? <BoothAttract board={boardPanel} sampleImages={board.sampleImages} /> : boardPanel;
  if (booth?.mode === 'countdown' && booth.countdownTo) {
    panel = (
      <>
        <BoothCountdown to={booth.countdownTo} />
        {boardPanel}
      </>
    );
  } else if (booth?.mode === 'podium') panel = <BoothPodium entries={top} revealed={booth.podiumRevealed} />;
  else if (booth?.mode === 'message' && booth.message) panel = <BoothMessage message={booth.message} />;

  return (
    <div className="fixed inset-0 flex cursor-none flex-col gap-[2vh] overflow-hidden px-[2.5vw] py-[3vh] select-none">
      <header className="flex shrink-0 items-center gap-[1.4vw]">
        <Logo className="size-[7vh]" />
        <h1 className="bg-gradient-to-r from-ink via-accent to-glow bg-clip-text font-display text-[5.2vh] leading-none font-extrabold tracking-tight text-transparent">
          Guess the Genesis
        </h1>
        <span className="flex-1" />
        {board ? (
          <p className="flex items-baseline gap-[1.6vw] text-[2.4vh] text-muted" data-testid="booth-counts">
            <span>
              <span className="font-display text-[3.4vh] font-extrabold text-ink tabular-nums">{board.total}</span>{' '}
              {board.total === 1 ? 'player' : 'players'}
            </span>
            <span>
              <span className="font-display text-[3.4vh] font-extrabold text-ink tabular-nums">{board.gamesPlayed}</span>{' '}
              {board.gamesPlayed === 1 ? 'game played' : 'games played'}
            </span>
            <span data-testid="booth-playing-now">
              <span className="font-display text-[3.4vh] font-extrabold text-glow tabular-nums">{board.playingNow}</span> playing now
            </span>
          </p>
        ) : null}
        <button
          type="button"
          onClick={sound.toggle}
          aria-pressed={sound.on}
          data-testid="booth-sound"
          className="flex cursor-pointer items-center gap-[0.4vw] rounded-full border border-night-600 bg-night-800 px-[0.8vw] py-[0.6vh] text-[1.8vh] font-semibold text-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-accent"
        >
          {sound.on ? <Volume2 className="size-[2.2vh]" aria-hidden /> : <VolumeX className="size-[2.2vh]" aria-hidden />}
          {sound.on ? 'Sound on' : 'Sound off'}
        </button>
        <LiveStatus status={status} pulse={received} size="booth" />
      </header>

      <div className="flex min-h-0 flex-1 gap-[2.5vw]">
        <main className="relative flex min-h-0 min-w-0 flex-[1.7] flex-col" data-testid="booth-main" data-mode={mode}>
          {/* Hidden under a takeover, whose rounded corner would leave the heading's first letter showing. */}
          <h2 className={cn('mb-[1.4vh] shrink-0 text-[2.4vh] font-bold tracking-[0.2em] text-muted uppercase', takeover && 'invisible')}>
            {heading}
          </h2>
          {panel}
          {/* Over the board only: the QR code beside it stays in view for the crowd the moment draws. */}
          {takeover ? <BoothTakeover key={takeover.key} takeover={takeover} /> : null}
        </main>
        <BoothJoinPanel
          gameUrl={boothInfo.data?.gameUrl}
          leader={top[0]}
          strategy={board?.championStrategy ?? null}
          closed={board?.booth.closed ?? false}
          final={final}
        />
      </div>

      <BoothTicker starts={board?.starts ?? []} finishes={board?.finishes ?? []} freshIds={freshIds} />
    </div>
  );
}

function EmptyBoard() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center rounded-[2vh] border border-dashed border-night-600 bg-night-900/70 text-center">
      <Crown className="size-[12vh] text-glow" aria-hidden />
      <p className="mt-[2vh] font-display text-[5.4vh] font-extrabold">The top spot is up for grabs</p>
      <p className="mt-[1vh] text-[3vh] text-muted">Scan the code and be the first on the board.</p>
    </div>
  );
}

/** A booth TV must not dim: hold a screen wake lock where the browser offers one (and re-take it when visible again). */
function useKeepScreenAwake() {
  useEffect(() => {
    let lock: { release(): Promise<void> } | undefined;
    const wakeLock = (navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<{ release(): Promise<void> }> } }).wakeLock;
    const take = () => {
      if (document.visibilityState === 'visible')
        wakeLock?.request('screen').then(
          (l) => (lock = l),
          () => undefined,
        );
    };
    take();
    document.addEventListener('visibilitychange', take);
    return () => {
      document.removeEventListener('visibilitychange', take);
      void lock?.release().catch(() => undefined);
    };
  }, []);
}

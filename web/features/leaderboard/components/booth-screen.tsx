import { Crown, Quote } from 'lucide-react';
import { useEffect } from 'react';
import { formatScore } from '@contracts/game.rules';
import type { LeaderboardEntry } from '@contracts/leaderboard';
import { BOOTH_TOP_SIZE } from '@contracts/leaderboard.rules';
import { cn } from '@web/lib/cn';
import { Logo } from '@web/ui/logo';
import { useBoothInfo } from '../api/get-booth-info';
import { useFlip } from '../hooks/use-flip';
import { useLeaderboardStream } from '../hooks/use-leaderboard-stream';
import { BoothQrCode } from './booth-qr-code';
import { LiveStatus } from './live-status';
import { RankBadge } from './rank-badge';

/**
 * The booth TV (1080p, read from three metres): top 10 in very large type, a QR code that opens the game, live.
 * Sized in viewport units so any screen fills the same way; nothing to click, and the cursor is hidden.
 */
export function BoothScreen() {
  // The #1's name, score and strategy all ride on the live board: nothing to refetch when it changes.
  const { board, status } = useLeaderboardStream();
  const boothInfo = useBoothInfo();
  useKeepScreenAwake();

  const top = board?.entries.slice(0, BOOTH_TOP_SIZE) ?? [];
  const gameUrl = boothInfo.data?.gameUrl;

  return (
    <div className="fixed inset-0 flex cursor-none select-none flex-col overflow-hidden px-[3vw] py-[3.5vh]">
      <header className="flex items-center gap-[1.5vw]">
        <Logo className="size-[7vh]" />
        <h1 className="bg-gradient-to-r from-ink via-accent to-glow bg-clip-text font-display text-[5.2vh] font-extrabold leading-none tracking-tight text-transparent">
          Guess the Genesis
        </h1>
        <span className="flex-1" />
        <span className="text-[2.4vh] font-semibold text-muted tabular-nums">
          {board ? `${board.total} ${board.total === 1 ? 'player' : 'players'}` : ''}
        </span>
        <LiveStatus status={status} className="px-[1vw] py-[0.6vh] text-[1.8vh]" />
      </header>

      <div className="mt-[3.5vh] flex min-h-0 flex-1 gap-[3vw]">
        <main className="flex min-w-0 flex-[1.7] flex-col">
          <h2 className="mb-[1.6vh] text-[2.4vh] font-bold uppercase tracking-[0.2em] text-muted">Live top {BOOTH_TOP_SIZE}</h2>
          {board === null ? null : top.length === 0 ? (
            <div className="flex flex-1 flex-col items-center justify-center rounded-[2vh] border border-night-700 bg-night-900/70 text-center">
              <Crown className="size-[10vh] text-glow" aria-hidden />
              <p className="mt-[2vh] font-display text-[5vh] font-extrabold">The top spot is up for grabs</p>
              <p className="mt-[1vh] text-[3vh] text-muted">Scan the code and be the first on the board.</p>
            </div>
          ) : (
            <BoothList entries={top} />
          )}
        </main>

        <aside className="flex min-w-0 flex-1 flex-col items-center rounded-[3vh] border border-night-700 bg-night-900/80 px-[2vw] py-[3.5vh] text-center shadow-2xl shadow-accent-strong/10">
          <p className="font-display text-[4.6vh] font-extrabold leading-tight">Scan to play</p>
          <p className="mt-[0.6vh] text-[2.4vh] text-muted">Guess the prompt. Top the board.</p>
          <div className="mt-[2.8vh] rounded-[2.4vh] bg-white p-[1.2vh] shadow-[0_0_6vh_rgb(167_139_250/0.35)]">
            {gameUrl ? <BoothQrCode url={gameUrl} className="block size-[38vh]" /> : <div className="size-[38vh]" />}
          </div>
          <p className="mt-[2.2vh] max-w-full truncate font-mono text-[2.4vh] font-semibold text-accent">{gameUrl?.replace(/^https?:\/\//, '')}</p>
          <span className="flex-1" />
          {top[0] ? (
            <p className="mb-[2.4vh] font-display text-[3.4vh] font-extrabold">
              Can you beat <span className="bg-gradient-to-r from-accent to-glow bg-clip-text text-transparent">{formatScore(top[0].score)}</span>?
            </p>
          ) : null}
          {top[0] && board?.championStrategy ? (
            <figure className="w-full rounded-[2vh] border border-glow/40 bg-gradient-to-br from-accent-strong/20 to-glow/10 p-[2vh] text-left">
              <figcaption className="flex items-center gap-[0.6vw] text-[1.8vh] font-bold uppercase tracking-wider text-glow">
                <Quote className="size-[2.2vh]" aria-hidden />
                {top[0].displayName}'s winning strategy
              </figcaption>
              <blockquote className="mt-[1vh] line-clamp-3 text-[2.3vh] leading-snug text-ink">{board.championStrategy}</blockquote>
            </figure>
          ) : (
            <p className="text-[2.2vh] text-muted">Only the top scorer gets to reveal their winning strategy.</p>
          )}
        </aside>
      </div>
    </div>
  );
}

function BoothList({ entries }: { entries: LeaderboardEntry[] }) {
  const list = useFlip<HTMLOListElement>(entries, 900);
  return (
    <ol ref={list} aria-label={`Top ${BOOTH_TOP_SIZE}`} className="relative flex min-h-0 flex-1 flex-col gap-[0.9vh]">
      {entries.map((entry) => (
        <li
          key={entry.key}
          data-flip-key={entry.key}
          className={cn(
            'flex min-h-0 max-h-[8.2vh] flex-1 items-center gap-[1.4vw] rounded-[1.6vh] border px-[1.2vw]',
            entry.rank === 1 ? 'border-amber-300/50 bg-gradient-to-r from-amber-400/20 via-night-900/90 to-night-900/90' : 'border-night-700 bg-night-900/75',
          )}
        >
          <RankBadge rank={entry.rank} className="size-[5.6vh] text-[3vh]" />
          <span className="sr-only">Rank {entry.rank}:</span>
          <span className={cn('min-w-0 flex-1 truncate font-display font-bold', entry.rank === 1 ? 'text-[4.4vh]' : 'text-[3.8vh]')}>{entry.displayName}</span>
          <span className="sr-only">, score</span>
          <span className={cn('font-display font-extrabold tabular-nums', entry.rank === 1 ? 'text-[4.6vh] text-amber-200' : 'text-[4vh] text-ink')}>
            {formatScore(entry.score)}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** A booth TV must not dim: hold a screen wake lock where the browser offers one (and re-take it when visible again). */
function useKeepScreenAwake() {
  useEffect(() => {
    let lock: { release(): Promise<void> } | undefined;
    const wakeLock = (navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<{ release(): Promise<void> }> } }).wakeLock;
    const take = () => {
      if (document.visibilityState === 'visible') wakeLock?.request('screen').then((l) => (lock = l), () => undefined);
    };
    take();
    document.addEventListener('visibilitychange', take);
    return () => {
      document.removeEventListener('visibilitychange', take);
      void lock?.release().catch(() => undefined);
    };
  }, []);
}

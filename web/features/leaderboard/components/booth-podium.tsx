import { Crown } from 'lucide-react';
import { formatScore } from '@contracts/game.rules';
import type { LeaderboardEntry } from '@contracts/leaderboard';
import { PODIUM_SIZE } from '@contracts/leaderboard.rules';
import { cn } from '@web/lib/cn';
import { tieBreakFigures, tieBreakFiguresSpoken } from '../tie-break';

const heights: Record<number, string> = { 1: 'h-[34vh]', 2: 'h-[26vh]', 3: 'h-[20vh]' };
const tones: Record<number, string> = {
  1: 'border-amber-300/70 from-amber-400/40 to-amber-400/5 text-amber-100',
  2: 'border-slate-300/60 from-slate-300/30 to-slate-300/5 text-slate-100',
  3: 'border-orange-400/60 from-orange-500/30 to-orange-500/5 text-orange-100',
};

/**
 * The podium for the announcement: second, first, third side by side; the organizer reveals them one by one, third
 * first (`revealed` = how many are shown). A hidden place shows only its number. A name is never cut: its size
 * follows the column's width (a 20-character name fits at 1280×720) and a name without spaces still wraps. Each place
 * shows what breaks a tie (guesses used, thinking time), so equal scores are explained.
 */
export function BoothPodium({ entries, revealed }: { entries: LeaderboardEntry[]; revealed: number }) {
  const shown = (rank: number) => rank > PODIUM_SIZE - revealed;
  return (
    <section aria-label="Podium" data-testid="booth-podium" className="flex min-h-0 flex-1 flex-col">
      <p className="shrink-0 text-center font-display text-[5vh] font-extrabold">
        {revealed >= PODIUM_SIZE ? 'Our winners' : 'And the winners are…'}
      </p>
      <ol className="flex min-h-0 flex-1 items-end justify-center gap-[1.6vw]">
        {[2, 1, 3].map((rank) => {
          const entry = entries.find((candidate) => candidate.rank === rank);
          const visible = shown(rank) && entry;
          return (
            <li
              key={rank}
              data-testid="podium-place"
              data-rank={rank}
              data-revealed={visible ? true : undefined}
              className="flex w-[30%] flex-col items-center"
            >
              {visible ? (
                <div className="booth-takeover mb-[1.6vh] flex w-full flex-col items-center text-center">
                  {rank === 1 ? <Crown className="size-[8vh] text-amber-300" aria-hidden /> : null}
                  <p
                    data-testid="podium-name"
                    className="w-full font-display text-[min(5vh,2.2vw)] leading-tight font-extrabold text-balance text-ink [overflow-wrap:anywhere]"
                  >
                    {entry.displayName}
                  </p>
                  <p className="font-display text-[4.4vh] font-extrabold text-glow tabular-nums">{formatScore(entry.score)}</p>
                  <p data-testid="podium-tie-break" className="text-[2.6vh] font-semibold text-muted tabular-nums">
                    <span aria-hidden>{tieBreakFigures(entry)}</span>
                    <span className="sr-only">{tieBreakFiguresSpoken(entry)}</span>
                  </p>
                </div>
              ) : (
                <p className="mb-[1.6vh] font-display text-[5vh] font-extrabold text-muted">
                  <span aria-hidden="true">?</span>
                  <span className="sr-only">Place {rank}: not revealed yet</span>
                </p>
              )}
              <div
                className={cn(
                  'flex w-full items-start justify-center rounded-t-[2vh] border-2 border-b-0 bg-gradient-to-b pt-[2vh] font-display text-[9vh] font-extrabold',
                  heights[rank],
                  tones[rank],
                )}
              >
                <span className="sr-only">Place </span>
                {rank}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

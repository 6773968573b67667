import { Crown } from 'lucide-react';
import { formatScore } from '@contracts/game.rules';
import type { LeaderboardEntry } from '@contracts/leaderboard';
import { PODIUM_SIZE } from '@contracts/leaderboard.rules';
import { cn } from '@web/lib/cn';

const heights: Record<number, string> = { 1: 'h-[34vh]', 2: 'h-[26vh]', 3: 'h-[20vh]' };
const tones: Record<number, string> = {
  1: 'border-amber-300/70 from-amber-400/40 to-amber-400/5 text-amber-100',
  2: 'border-slate-300/60 from-slate-300/30 to-slate-300/5 text-slate-100',
  3: 'border-orange-400/60 from-orange-500/30 to-orange-500/5 text-orange-100',
};

/**
 * The podium for the announcement: second, first, third side by side; the organizer reveals them one by one, third
 * first (`revealed` = how many are shown). A hidden place shows only its number.
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
                  <p className="w-full truncate font-display text-[5vh] leading-tight font-extrabold text-ink">{entry.displayName}</p>
                  <p className="font-display text-[4.4vh] font-extrabold text-glow tabular-nums">{formatScore(entry.score)}</p>
                </div>
              ) : (
                <p className="mb-[1.6vh] font-display text-[5vh] font-extrabold text-muted" aria-label={`Place ${rank}: not revealed yet`}>
                  ?
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

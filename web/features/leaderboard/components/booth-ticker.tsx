import { Zap } from 'lucide-react';
import { formatScore } from '@contracts/game.rules';
import type { Finish } from '@contracts/leaderboard';
import { cn } from '@web/lib/cn';

const SHOWN = 4;

/** The strip of latest finishes ("Mia scored 87.4 %"), newest first; a finish that just arrived lights up. */
export function BoothTicker({ finishes, freshIds }: { finishes: Finish[]; freshIds: ReadonlySet<string> }) {
  const shown = finishes.slice(0, SHOWN);
  return (
    <section aria-label="Latest finishes" data-testid="booth-ticker" className="flex h-[8.5vh] shrink-0 items-center gap-[1.2vw] overflow-hidden rounded-[1.6vh] border border-night-700 bg-night-900/80 px-[1.2vw]">
      <span className="flex shrink-0 items-center gap-[0.5vw] rounded-full bg-glow/15 px-[1vw] py-[0.6vh] text-[2vh] font-bold tracking-widest text-glow uppercase">
        <Zap className="size-[2.2vh]" aria-hidden />
        Just played
      </span>
      {shown.length === 0 ? (
        <span className="text-[2.6vh] text-muted">Finish a challenge and your score shows up here.</span>
      ) : (
        <ol className="flex min-w-0 flex-1 items-center gap-[1.2vw] overflow-hidden">
          {shown.map((finish, index) => (
            <li
              key={finish.id}
              data-testid="ticker-item"
              data-fresh={freshIds.has(finish.id) || undefined}
              className={cn(
                'flex shrink-0 items-baseline gap-[0.5vw] rounded-[1.2vh] px-[0.8vw] py-[0.6vh] whitespace-nowrap',
                index === 0 ? 'text-[3vh]' : 'text-[2.4vh]',
                freshIds.has(finish.id) ? 'booth-fresh bg-accent-strong/25 text-ink ring-1 ring-accent' : index > 0 && 'text-muted',
              )}
            >
              <span className="font-bold">{finish.displayName}</span>
              <span>scored</span>
              <span className="font-display font-extrabold text-ink tabular-nums">{formatScore(finish.score)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

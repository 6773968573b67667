import { Zap } from 'lucide-react';
import { formatScore } from '@contracts/game.rules';
import type { Finish, Start } from '@contracts/leaderboard';
import { cn } from '@web/lib/cn';

const SHOWN = 4;

type TickerItem = { id: string; displayName: string; at: number } & ({ kind: 'start' } | { kind: 'finish'; score: number });

/** Starts and finishes in one list, newest first. */
export function tickerItems(starts: Start[], finishes: Finish[]): TickerItem[] {
  return [
    ...starts.map((start) => ({ kind: 'start' as const, id: start.id, displayName: start.displayName, at: Date.parse(start.startedAt) })),
    ...finishes.map((finish) => ({
      kind: 'finish' as const,
      id: finish.id,
      displayName: finish.displayName,
      score: finish.score,
      at: Date.parse(finish.completedAt),
    })),
  ].sort((a, b) => b.at - a.at);
}

/**
 * The strip of what just happened, newest first: who started ("Sam is playing") and who finished ("Mia scored
 * 87.4 %"); an item that just arrived lights up.
 */
export function BoothTicker({ starts, finishes, freshIds }: { starts: Start[]; finishes: Finish[]; freshIds: ReadonlySet<string> }) {
  const shown = tickerItems(starts, finishes).slice(0, SHOWN);
  return (
    <section
      aria-label="Just now"
      data-testid="booth-ticker"
      className="flex h-[8.5vh] shrink-0 items-center gap-[1.2vw] overflow-hidden rounded-[1.6vh] border border-night-700 bg-night-900/80 px-[1.2vw]"
    >
      <span className="flex shrink-0 items-center gap-[0.5vw] rounded-full bg-glow/15 px-[1vw] py-[0.6vh] text-[2vh] font-bold tracking-widest text-glow uppercase">
        <Zap className="size-[2.2vh]" aria-hidden />
        Just now
      </span>
      {shown.length === 0 ? (
        <span className="text-[2.6vh] text-muted">Start a challenge and your name shows up here.</span>
      ) : (
        // An item that does not fit wraps to a second row, out of view: the strip never shows half a name.
        <ol className="flex h-[6vh] min-w-0 flex-1 flex-wrap content-start items-center gap-x-[1.2vw] gap-y-[3vh] overflow-hidden">
          {shown.map((item, index) => (
            <li
              key={item.id}
              data-testid="ticker-item"
              data-kind={item.kind}
              data-fresh={freshIds.has(item.id) || undefined}
              className={cn(
                'flex h-[6vh] shrink-0 items-center gap-[0.5vw] rounded-[1.2vh] px-[0.8vw] whitespace-nowrap',
                index === 0 ? 'text-[3vh]' : 'text-[2.4vh]',
                freshIds.has(item.id) ? 'booth-fresh bg-accent-strong/25 text-ink ring-1 ring-accent' : index > 0 && 'text-muted',
              )}
            >
              <span className="font-bold">{item.displayName}</span>
              {item.kind === 'finish' ? (
                <>
                  <span>scored</span>
                  <span className="font-display font-extrabold text-ink tabular-nums">{formatScore(item.score)}</span>
                </>
              ) : (
                <span>is playing</span>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

import { cn } from '@web/lib/cn';

const podium = [
  'bg-gradient-to-br from-amber-200 to-amber-500 text-night-950 shadow-lg shadow-amber-500/30',
  'bg-gradient-to-br from-slate-100 to-slate-400 text-night-950',
  'bg-gradient-to-br from-orange-300 to-orange-700 text-night-950',
];

/** The rank number in a circle; gold, silver and bronze for the podium. */
export function RankBadge({ rank, className }: { rank: number; className?: string }) {
  return (
    <span
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full font-display font-extrabold tabular-nums',
        podium[rank - 1] ?? 'bg-night-700 text-ink',
        className,
      )}
      aria-hidden
    >
      {rank}
    </span>
  );
}

import { Crown, Quote } from 'lucide-react';
import { formatScore } from '@contracts/game.rules';
import { useChampionSnapshot } from '../api/get-champion';

/** Landing: the current #1's name, score and revealed strategy (nobody else's). Renders nothing on an empty board. */
export function ChampionSpotlight() {
  const champion = useChampionSnapshot();
  if (!champion) return null;
  const { displayName, score, strategy } = champion;
  return (
    <section
      aria-labelledby="champion-heading"
      className="rounded-2xl border border-glow/40 bg-gradient-to-br from-accent-strong/20 via-night-900/80 to-glow/15 p-5 shadow-xl shadow-glow/10"
    >
      <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wider text-glow">
        <Crown className="size-4" aria-hidden />
        Current leader
      </p>
      <div className="mt-2 flex items-baseline justify-between gap-3">
        <h2 id="champion-heading" className="min-w-0 truncate font-display text-2xl font-extrabold">
          {displayName}
        </h2>
        <span className="font-display text-2xl font-extrabold tabular-nums text-ink">{formatScore(score)}</span>
      </div>
      {strategy ? (
        <figure className="mt-4 rounded-xl border border-night-600 bg-night-950/60 p-4">
          <Quote className="size-4 text-accent" aria-hidden />
          <blockquote className="mt-1 text-sm leading-relaxed break-words text-ink">{strategy}</blockquote>
          <figcaption className="mt-2 text-xs text-muted">— {displayName}'s winning strategy</figcaption>
        </figure>
      ) : (
        <p className="mt-3 text-sm text-muted">The leader hasn't revealed their winning strategy yet.</p>
      )}
    </section>
  );
}

import type { PoolHealth } from '@contracts/admin-challenges';

const number = new Intl.NumberFormat();

/** "About N minutes" / "about N hours" for the projection. */
function lasts(minutes: number) {
  if (minutes < 90) return `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  return `about ${hours} hours`;
}

/**
 * Pool health: counts per state, how many more players START serves without reuse (unused prompts plus claims gone
 * idle, as START counts them) and how long that lasts at the recent rate of starts.
 */
export function PoolHealthTiles({ health }: { health: PoolHealth }) {
  const tiles = [
    { label: 'Unused', value: health.unused },
    { label: 'In play', value: health.inPlay },
    { label: 'Played', value: health.played },
    { label: 'Disabled', value: health.disabled },
  ];
  const serves = `${number.format(health.claimable)} more player${health.claimable === 1 ? '' : 's'} can start without reusing a prompt.`;
  const projection =
    health.claimable === 0
      ? health.allowPromptReuse
        ? 'No unused prompts left: players now get prompts others have played (reuse is on).'
        : 'The pool is empty: new players cannot start. Upload a pack or generate challenges.'
      : health.minutesLeft === null
        ? `${serves} Nobody started in the last ${health.rateWindowMinutes} minutes.`
        : `${serves} At the current rate (${health.recentStarts} starts in the last ${health.rateWindowMinutes} minutes) that lasts ${lasts(health.minutesLeft)}.`;
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {tiles.map((tile) => (
          <div key={tile.label} className="flex flex-col rounded-2xl border border-night-700 bg-night-900/80 p-4">
            <dt className="text-xs font-medium uppercase tracking-wider text-muted">{tile.label}</dt>
            <dd className="order-first font-display text-3xl font-bold tabular-nums">{number.format(tile.value)}</dd>
          </div>
        ))}
      </dl>
      <p
        className={health.claimable === 0 && !health.allowPromptReuse ? 'text-sm font-semibold text-danger' : 'text-sm text-muted'}
        data-testid="pool-projection"
      >
        {projection}
      </p>
    </div>
  );
}

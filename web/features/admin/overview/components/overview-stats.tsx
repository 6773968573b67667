import type { AdminOverview } from '@contracts/admin-overview';

const number = new Intl.NumberFormat();

/** The headline counts as tiles (a description list, so each number is read with its label). */
export function OverviewStats({ overview }: { overview: AdminOverview }) {
  const { challenges } = overview;
  const tiles: { label: string; value: string; note?: string }[] = [
    { label: 'Players signed up', value: number.format(overview.playersSignedUp) },
    { label: 'Games started', value: number.format(overview.gamesStarted) },
    { label: 'Games completed', value: number.format(overview.gamesCompleted) },
    { label: 'Guesses, last 5 minutes', value: number.format(overview.guessesLast5Minutes) },
    {
      label: 'Challenges left',
      value: number.format(challenges.available),
      note: `${number.format(challenges.unused)} unused of ${number.format(challenges.total)}${challenges.disabled ? `, ${number.format(challenges.disabled)} disabled` : ''}${overview.event.allowPromptReuse ? ' · reuse on' : ''}`,
    },
    {
      label: 'Players still served',
      value: number.format(challenges.claimable),
      note:
        challenges.claimable === 0
          ? 'without reuse: none'
          : challenges.minutesUntilEmpty === null
            ? 'without reuse · no starts in the last 10 minutes'
            : `without reuse · at the current rate, runs out in about ${challenges.minutesUntilEmpty} min`,
    },
    {
      label: 'Event',
      value: overview.event.isOpen ? 'Open' : 'Closed',
      note: overview.event.isOpen ? 'New challenges can start' : 'New challenges are refused',
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-7">
      {tiles.map((tile) => (
        <div key={tile.label} className="flex flex-col rounded-2xl border border-night-700 bg-night-900/80 p-4">
          <dt className="text-xs font-medium uppercase tracking-wider text-muted">{tile.label}</dt>
          <dd className="order-first font-display text-3xl font-bold tabular-nums text-ink">{tile.value}</dd>
          {tile.note ? <dd className="mt-1 text-xs text-muted">{tile.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

import { ArrowDown, ArrowUp, ArrowUpDown, EyeOff } from 'lucide-react';
import { formatScore } from '@contracts/game.rules';
import { cn } from '@web/lib/cn';
import { Spinner } from '@web/ui/spinner';
import type { AdminPlayer } from '@contracts/admin-players';
import type { AdminPlayerSortKey as AdminPlayerSort } from '@contracts/admin.rules';
import { PlayerActions } from './player-actions';

type Sort = { sort: AdminPlayerSort; dir: 'asc' | 'desc' };

const columns: { key: AdminPlayerSort; label: string; numeric?: boolean }[] = [
  { key: 'displayName', label: 'Display name' },
  { key: 'email', label: 'E-mail' },
  { key: 'phone', label: 'Phone' },
  { key: 'score', label: 'Score', numeric: true },
  { key: 'rank', label: 'Rank', numeric: true },
  { key: 'gamesPlayed', label: 'Games', numeric: true },
  { key: 'signedUpAt', label: 'Signed up' },
  { key: 'lastSeenAt', label: 'Last seen' },
];

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });
export const formatDateTime = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '—');

/** The players table: each column header sorts (server side); a second click flips the direction. */
export function PlayersTable({
  players,
  status,
  errorMessage,
  busy,
  sort,
  onSortChange,
  emptyText,
}: {
  players: AdminPlayer[];
  status: 'loading' | 'error' | 'ready';
  errorMessage?: string;
  busy: boolean;
  sort: Sort;
  onSortChange: (sort: Sort) => void;
  emptyText: string;
}) {
  const toggle = (key: AdminPlayerSort) =>
    onSortChange(sort.sort === key ? { sort: key, dir: sort.dir === 'asc' ? 'desc' : 'asc' } : { sort: key, dir: key === 'score' || key === 'gamesPlayed' || key === 'lastSeenAt' || key === 'signedUpAt' ? 'desc' : 'asc' });

  return (
    <div className="relative rounded-2xl border border-night-700 bg-night-900/80" aria-busy={busy}>
      {/* Scrolls sideways on a phone; focusable so a keyboard can scroll it too. */}
      <div className="overflow-x-auto rounded-2xl" tabIndex={0} role="region" aria-label="Players table">
        <table className="w-full min-w-[62rem] border-collapse text-left text-sm">
          <caption className="sr-only">Players, sorted by {columns.find((c) => c.key === sort.sort)?.label} ({sort.dir === 'asc' ? 'ascending' : 'descending'})</caption>
          <thead>
            <tr className="border-b border-night-700">
              {columns.map((column) => {
                const active = sort.sort === column.key;
                const Icon = active ? (sort.dir === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                    className={cn('px-2 py-1 font-semibold', column.numeric && 'text-right')}
                  >
                    <button
                      type="button"
                      onClick={() => toggle(column.key)}
                      className={cn('inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 hover:text-ink', active ? 'text-ink' : 'text-muted')}
                    >
                      {column.label}
                      <Icon className="size-3.5" aria-hidden />
                    </button>
                  </th>
                );
              })}
              <th scope="col" className="px-4 py-1 text-right font-semibold text-muted">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {status === 'ready' && players.length > 0
              ? players.map((player) => (
                  <tr key={player.id} className={cn('border-b border-night-800 last:border-0', player.hidden && 'bg-night-950/60')}>
                    <td className="max-w-48 px-4 py-2 font-semibold text-ink">
                      <span className="flex items-center gap-2">
                        <span className="truncate">{player.displayName ?? <span className="font-normal italic text-muted">no name yet</span>}</span>
                        {player.hidden ? (
                          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-night-700 px-2 py-0.5 text-xs font-medium text-ink">
                            <EyeOff className="size-3" aria-hidden />
                            Hidden
                          </span>
                        ) : null}
                      </span>
                    </td>
                    <td className="max-w-56 truncate px-4 py-2 text-muted">{player.email}</td>
                    <td className="whitespace-nowrap px-4 py-2 text-muted">{player.phone ?? '—'}</td>
                    <td className="px-4 py-2 text-right tabular-nums">{player.latestScore === null ? '—' : formatScore(player.latestScore)}</td>
                    <td className="px-4 py-2 text-right tabular-nums">{player.rank === null ? '—' : `#${player.rank}`}</td>
                    <td className="px-4 py-2 text-right tabular-nums">{player.gamesPlayed}</td>
                    <td className="whitespace-nowrap px-4 py-2 text-muted">{formatDateTime(player.signedUpAt)}</td>
                    <td className="whitespace-nowrap px-4 py-2 text-muted">{formatDateTime(player.lastSeenAt)}</td>
                    <td className="px-2 py-1">
                      <PlayerActions player={player} />
                    </td>
                  </tr>
                ))
              : null}
          </tbody>
        </table>
      </div>
      {status === 'loading' ? (
        <div className="flex justify-center p-8">
          <Spinner label="Loading players..." />
        </div>
      ) : status === 'error' ? (
        <p role="alert" className="p-8 text-center text-sm text-danger">
          Could not load the players: {errorMessage}
        </p>
      ) : players.length === 0 ? (
        <p className="p-8 text-center text-sm text-muted">{emptyText}</p>
      ) : null}
    </div>
  );
}

import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { formatScore } from '@contracts/game.rules';
import { cn } from '@web/lib/cn';
import { formatShortDateTime } from '@web/lib/date-format';
import { TableFrame } from '@web/ui/data-table';
import type { AdminPlayer } from '@contracts/admin-players';
import type { AdminPlayerSortKey as AdminPlayerSort } from '@contracts/admin.rules';
import { PlayerActions } from './player-actions';
import { NotCountedLabel } from './not-counted-label';
import { PlayerName } from './player-name';

export type Sort = { sort: AdminPlayerSort; dir: 'asc' | 'desc' };

/**
 * What breaks a tie on the player's board entry: "1 guess · 12.4 s" (guesses used to reach the score, thinking time:
 * time to the best guess less typing). Null without a rank.
 */
export function boardTieBreak(player: Pick<AdminPlayer, 'rank' | 'boardGuessesUsed' | 'boardThinkingSeconds'>): string | null {
  if (player.rank === null || player.boardGuessesUsed === null) return null;
  const guesses = `${player.boardGuessesUsed} ${player.boardGuessesUsed === 1 ? 'guess' : 'guesses'}`;
  return player.boardThinkingSeconds === null ? guesses : `${guesses} · ${player.boardThinkingSeconds.toFixed(1)} s`;
}

export const playerColumns: { key: AdminPlayerSort; label: string; numeric?: boolean }[] = [
  { key: 'displayName', label: 'Display name' },
  { key: 'email', label: 'E-mail' },
  { key: 'phone', label: 'Phone' },
  { key: 'score', label: 'Score', numeric: true },
  { key: 'rank', label: 'Rank', numeric: true },
  { key: 'gamesPlayed', label: 'Games', numeric: true },
  { key: 'signedUpAt', label: 'Signed up' },
  { key: 'lastSeenAt', label: 'Last seen' },
];

/** The natural first direction of a column: highest scores and newest dates first, names A→Z. */
export const defaultDirection = (key: AdminPlayerSort): Sort['dir'] =>
  key === 'score' || key === 'gamesPlayed' || key === 'lastSeenAt' || key === 'signedUpAt' ? 'desc' : 'asc';

/** The players table (tablets and up): each column header sorts (server side); a second click flips the direction. */
export function PlayersTable({
  players,
  sort,
  onSortChange,
  className,
}: {
  players: AdminPlayer[];
  sort: Sort;
  onSortChange: (sort: Sort) => void;
  className?: string;
}) {
  const toggle = (key: AdminPlayerSort) =>
    onSortChange(sort.sort === key ? { sort: key, dir: sort.dir === 'asc' ? 'desc' : 'asc' } : { sort: key, dir: defaultDirection(key) });

  return (
    <TableFrame
      label="Players table"
      caption={
        <>
          Players, sorted by {playerColumns.find((c) => c.key === sort.sort)?.label} ({sort.dir === 'asc' ? 'ascending' : 'descending'})
        </>
      }
      className={className}
    >
      <thead>
        <tr className="border-b border-night-700">
          {playerColumns.map((column) => {
            const active = sort.sort === column.key;
            const Icon = active ? (sort.dir === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
            return (
              <th
                key={column.key}
                scope="col"
                aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                className={cn('whitespace-nowrap px-1 py-1 font-semibold', column.numeric && 'text-right')}
              >
                <button
                  type="button"
                  onClick={() => toggle(column.key)}
                  className={cn(
                    'inline-flex min-h-11 items-center gap-1 rounded-lg px-1.5 hover:text-ink',
                    active ? 'text-ink' : 'text-muted',
                  )}
                >
                  {column.label}
                  <Icon className="size-3.5" aria-hidden />
                </button>
              </th>
            );
          })}
          <th scope="col" className="px-2.5 py-1 text-right font-semibold text-muted">
            Actions
          </th>
        </tr>
      </thead>
      <tbody>
        {players.map((player) => (
          <tr
            key={player.id}
            data-player-row={player.id}
            className={cn('border-b border-night-800 last:border-0', player.hidden && 'bg-night-950/60')}
          >
            <td className="max-w-40 px-2.5 py-2 font-semibold text-ink">
              <span className="flex items-center gap-2">
                <PlayerName player={player} />
              </span>
            </td>
            <td className="max-w-48 truncate px-2.5 py-2 text-muted" title={player.email}>
              {player.email}
            </td>
            <td className="whitespace-nowrap px-2.5 py-2 text-muted">{player.phone ?? '—'}</td>
            <td className="whitespace-nowrap px-2.5 py-2 text-right tabular-nums">
              {player.latestScore === null ? '—' : formatScore(player.latestScore)}
              <NotCountedLabel player={player} />
            </td>
            <td className="px-2.5 py-2 text-right tabular-nums">
              {player.rank === null ? '—' : `#${player.rank}`}
              {boardTieBreak(player) ? (
                <span data-testid="player-tie-break" className="block whitespace-nowrap text-xs text-muted">
                  {boardTieBreak(player)}
                </span>
              ) : null}
            </td>
            <td className="px-2.5 py-2 text-right tabular-nums">{player.gamesPlayed}</td>
            <td className="whitespace-nowrap px-2.5 py-2 text-muted">{formatShortDateTime(player.signedUpAt)}</td>
            <td className="whitespace-nowrap px-2.5 py-2 text-muted">{formatShortDateTime(player.lastSeenAt)}</td>
            <td className="px-2 py-1">
              <PlayerActions player={player} />
            </td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}

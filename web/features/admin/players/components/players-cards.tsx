import type { AdminPlayer } from '@contracts/admin-players';
import { formatScore } from '@contracts/game.rules';
import { cn } from '@web/lib/cn';
import { PlayerActions } from './player-actions';
import { NotCountedLabel } from './not-counted-label';
import { PlayerName } from './player-name';
import { boardTieBreak } from './players-table';
import { formatShortDateTime } from '@web/lib/date-format';

/** The players as cards, for a phone: the same facts and actions as the table, without sideways scrolling. */
export function PlayersCards({ players, className }: { players: AdminPlayer[]; className?: string }) {
  return (
    <ul className={cn('flex flex-col gap-3', className)} aria-label="Players">
      {players.map((player) => (
        <li key={player.id} data-player-row={player.id} className="rounded-2xl border border-night-700 bg-night-900/80 p-4">
          <div className="flex items-start gap-2">
            <div className="min-w-0 flex-1">
              <p className="flex items-center gap-2 font-semibold">
                <PlayerName player={player} />
              </p>
              <p className="truncate text-sm text-muted">{player.email}</p>
              {player.phone ? <p className="text-sm text-muted">{player.phone}</p> : null}
            </div>
            <p className="text-right font-display text-lg font-bold tabular-nums text-accent">
              {player.latestScore === null ? '—' : formatScore(player.latestScore)}
              <NotCountedLabel player={player} />
              <span className="block text-xs font-medium text-muted">{player.rank === null ? 'not ranked' : `rank #${player.rank}`}</span>
              {boardTieBreak(player) ? (
                <span data-testid="player-tie-break" className="block text-xs font-medium text-muted">
                  {boardTieBreak(player)}
                </span>
              ) : null}
            </p>
          </div>
          <dl className="mt-3 grid grid-cols-3 gap-2 text-xs">
            <div>
              <dt className="text-muted">Games</dt>
              <dd className="font-semibold tabular-nums">{player.gamesPlayed}</dd>
            </div>
            <div>
              <dt className="text-muted">Signed up</dt>
              <dd className="font-semibold">{formatShortDateTime(player.signedUpAt)}</dd>
            </div>
            <div>
              <dt className="text-muted">Last seen</dt>
              <dd className="font-semibold">{formatShortDateTime(player.lastSeenAt)}</dd>
            </div>
          </dl>
          <div className="mt-2 border-t border-night-800 pt-2">
            <PlayerActions player={player} />
          </div>
        </li>
      ))}
    </ul>
  );
}

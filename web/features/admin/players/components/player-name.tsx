import { EyeOff } from 'lucide-react';
import type { AdminPlayer } from '@contracts/admin-players';

/** A player's display name ("no name yet" without one) and, when hidden from the board, a "Hidden" badge. */
export function PlayerName({ player }: { player: Pick<AdminPlayer, 'displayName' | 'hidden'> }) {
  return (
    <>
      <span className="truncate">{player.displayName ?? <span className="font-normal italic text-muted">no name yet</span>}</span>
      {player.hidden ? (
        <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-night-700 px-2 py-0.5 text-xs font-medium text-ink">
          <EyeOff className="size-3" aria-hidden />
          Hidden
        </span>
      ) : null}
    </>
  );
}

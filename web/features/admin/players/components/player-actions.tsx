import { Eye, EyeOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/ui/button';
import { ConfirmDialog } from '@web/ui/confirm-dialog';
import { notifyError, notifySuccess } from '@web/ui/toast';
import { useDeletePlayer } from '../api/delete-player';
import type { AdminPlayer } from '@contracts/admin-players';
import { useUpdatePlayer } from '../api/update-player';
import { RenamePlayerDialog } from './rename-player-dialog';

/** How a player is named in buttons and confirmations: the display name, or the e-mail while they have none. */
export const playerLabel = (player: AdminPlayer) => player.displayName ?? player.email;

/** Rename, hide/unhide and delete for one row. Each button names its player for screen readers. */
export function PlayerActions({ player }: { player: AdminPlayer }) {
  const name = playerLabel(player);
  const update = useUpdatePlayer();
  const [deleting, setDeleting] = useState(false);
  const remove = useDeletePlayer({
    onSuccess: () => {
      setDeleting(false);
      notifySuccess('Player deleted', `${name} and all their data are gone.`);
    },
  });

  const toggleHidden = () =>
    update.mutate(
      { id: player.id, patch: { hidden: !player.hidden } },
      {
        onSuccess: () =>
          notifySuccess(
            player.hidden ? 'Player shown again' : 'Player hidden',
            player.hidden ? `${name} is back on the public boards.` : `${name} no longer appears on any public board.`,
          ),
        onError: (error) => notifyError(player.hidden ? 'Could not unhide the player' : 'Could not hide the player', error.message),
      },
    );

  return (
    <div className="flex justify-end">
      <RenamePlayerDialog player={player} />
      <Button
        variant="ghost"
        size="icon"
        onClick={toggleHidden}
        disabled={update.isPending}
        aria-label={`${player.hidden ? 'Unhide' : 'Hide'} ${name}`}
        title={player.hidden ? 'Unhide' : 'Hide'}
      >
        {player.hidden ? <Eye className="size-4" aria-hidden /> : <EyeOff className="size-4" aria-hidden />}
      </Button>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        busy={remove.isPending}
        title={`Delete ${name}?`}
        description={
          <>
            This deletes <strong className="text-ink">{name}</strong> ({player.email}) and all their data: account, sessions, profile, games
            and mails. It cannot be undone.
          </>
        }
        confirmLabel="Delete player"
        onConfirm={() => remove.mutate(player.id, { onError: (error) => notifyError('Could not delete the player', error.message) })}
        trigger={
          <Button variant="ghost-danger" size="icon" aria-label={`Delete ${name}`} title="Delete">
            <Trash2 className="size-4" aria-hidden />
          </Button>
        }
      />
    </div>
  );
}

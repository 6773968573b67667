import { Pencil } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { MAX_DISPLAY_NAME_LENGTH } from '@contracts/game.rules';
import { Button } from '@web/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@web/ui/dialog';
import { FieldMessage, Input, Label } from '@web/ui/input';
import { notifySuccess } from '@web/ui/toast';
import type { AdminPlayer } from '@contracts/admin-players';
import { useUpdatePlayer } from '../api/update-player';

/** Rename a player (e.g. an offensive display name): same 1–20 character rule as players get. */
export function RenamePlayerDialog({ player }: { player: AdminPlayer }) {
  const [open, setOpen] = useState(false);
  const name = player.displayName ?? player.email;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Rename ${name}`} title="Rename">
          <Pencil className="size-4" aria-hidden />
        </Button>
      </DialogTrigger>
      {open ? (
        <DialogContent title={`Rename ${name}`} description="The new name shows on every board within a second.">
          <RenameForm player={player} onDone={() => setOpen(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function RenameForm({ player, onDone }: { player: AdminPlayer; onDone: () => void }) {
  const id = useId();
  const [value, setValue] = useState(player.displayName ?? '');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdatePlayer();
  const trimmed = value.trim();
  const valid = trimmed.length >= 1 && trimmed.length <= MAX_DISPLAY_NAME_LENGTH;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || update.isPending) return;
    update.mutate(
      { id: player.id, patch: { displayName: trimmed } },
      {
        onSuccess: () => {
          notifySuccess('Player renamed', `Now shown as ${trimmed}.`);
          onDone();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <div>
        <Label htmlFor={id}>Display name</Label>
        <Input
          id={id}
          value={value}
          maxLength={MAX_DISPLAY_NAME_LENGTH}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-message`}
          autoComplete="off"
        />
        <FieldMessage id={`${id}-message`} error={Boolean(error)}>
          {error ?? `${trimmed.length}/${MAX_DISPLAY_NAME_LENGTH} characters`}
        </FieldMessage>
      </div>
      <Button type="submit" disabled={!valid || update.isPending}>
        {update.isPending ? 'PLEASE WAIT...' : 'Save name'}
      </Button>
    </form>
  );
}

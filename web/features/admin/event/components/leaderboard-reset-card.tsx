import { RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@web/ui/button';
import { Card, CardDescription, CardTitle } from '@web/ui/card';
import { ConfirmDialog } from '@web/ui/confirm-dialog';
import { Input, Label } from '@web/ui/input';
import { notifyError, notifySuccess } from '@web/ui/toast';
import { useResetLeaderboard } from '../api/reset-leaderboard';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Leaderboard reset between sessions: archives the board as it stands (see the list), behind a confirmation. */
export function LeaderboardResetCard({ since }: { since: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [label, setLabel] = useState('');
  const reset = useResetLeaderboard({
    onSuccess: ({ archive }) => {
      setOpen(false);
      setLabel('');
      notifySuccess(
        'Leaderboard reset',
        `The old board is archived${archive.label ? ` as “${archive.label}”` : ''} with ${archive.entryCount} ${archive.entryCount === 1 ? 'entry' : 'entries'}.`,
      );
    },
  });

  return (
    <Card>
      <CardTitle>Leaderboard reset</CardTitle>
      <CardDescription>
        {new Date(since).getTime() === 0
          ? 'The current board counts every challenge completed so far: it has never been reset.'
          : `The current board counts challenges completed since ${dateTime.format(new Date(since))}.`}
      </CardDescription>
      <div className="mt-5">
        <Label htmlFor={id}>Archive label (optional)</Label>
        <Input
          id={id}
          value={label}
          maxLength={80}
          onChange={(event) => setLabel(event.target.value)}
          placeholder="e.g. Tuesday morning"
          variant="compact"
          autoComplete="off"
        />
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        busy={reset.isPending}
        title="Reset the leaderboard?"
        description="The board as it stands now is archived (you can still view and export it), and every public board starts empty. Players keep their accounts and history."
        confirmLabel="Reset the board"
        onConfirm={() =>
          reset.mutate(label.trim() ? { label: label.trim() } : {}, {
            onError: (error) => notifyError('Could not reset the leaderboard', error.message),
          })
        }
        trigger={
          <Button variant="danger" className="mt-4">
            <RotateCcw className="size-4" aria-hidden />
            Reset leaderboard…
          </Button>
        }
      />
    </Card>
  );
}

import type { BoardCounts } from '@contracts/leaderboard.rules';
import { ConfirmActions } from '@web/ui/confirm-dialog';
import { Dialog, DialogContent } from '@web/ui/dialog';
import { Spinner } from '@web/ui/spinner';
import { useBoardCountsPreview } from '../api/preview-board-counts';

const players = (n: number) => `${n} ${n === 1 ? 'player' : 'players'}`;

/**
 * Before the board switches between each player's latest and best game: how many players' ranks (and scores) it
 * changes and who would be #1, read from the server's ranking. Nothing changes until the organizer confirms.
 */
export function BoardCountsDialog({
  choice,
  label,
  busy,
  onCancel,
  onConfirm,
}: {
  /** The setting asked for; null when the dialog is closed. */
  choice: BoardCounts | null;
  label: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const preview = useBoardCountsPreview(choice);
  const data = preview.data;
  return (
    <Dialog open={choice !== null} onOpenChange={(open) => (open || busy ? undefined : onCancel())}>
      {choice !== null ? (
        <DialogContent
          title={`Count each player's ${label}?`}
          description="The board, the booth and the winners' export re-rank at once when you switch."
        >
          <div data-testid="board-counts-preview" aria-live="polite" className="text-sm text-ink">
            {preview.isPending ? (
              <Spinner label="Counting the ranks that change..." />
            ) : preview.isError ? (
              <p className="text-danger">The change could not be previewed: {preview.error.message}</p>
            ) : data ? (
              <>
                <p className="font-semibold">
                  {data.ranksChanged === 0
                    ? `No rank changes: ${players(data.players)} keep their places.`
                    : `${players(data.ranksChanged)} of ${data.players} change rank; ${players(data.scoresChanged)} get a different score.`}
                </p>
                {data.leader ? (
                  <p className="mt-1 text-muted">{data.leaderChanges ? `${data.leader} would become #1.` : `${data.leader} stays #1.`}</p>
                ) : null}
              </>
            ) : null}
          </div>
          <ConfirmActions className="mt-4" label={`Count the ${label}`} busy={busy} disabled={!data} onConfirm={onConfirm} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

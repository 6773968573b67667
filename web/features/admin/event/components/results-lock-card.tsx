import { Flag, LockOpen } from 'lucide-react';
import { useState } from 'react';
import type { AdminEvent } from '@contracts/admin-event';
import { Button } from '@web/ui/button';
import { Card, CardDescription, CardTitle } from '@web/ui/card';
import { ConfirmDialog } from '@web/ui/confirm-dialog';
import { SwitchField } from '@web/ui/switch-field';
import { notifyError, notifySuccess } from '@web/ui/toast';
import { useMomentPassed } from '@web/ui/use-moment-passed';
import { useResultsLock } from '../api/results-lock';
import { useEventChange } from '../api/update-event';

export const LOCK_RESULTS_LABEL = 'Lock results now';
export const UNLOCK_RESULTS_LABEL = 'Unlock results';

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * The final whistle (docs/decisions/050): once the results lock (this button, or the booth countdown's end), the board,
 * the booth, the podium and the winners' export count only games finished before it. Unlocking asks first and is
 * audited. Also whether the public starter pack counts for prizes.
 */
export function ResultsLockCard({ event }: { event: AdminEvent }) {
  const lock = useResultsLock();
  const { change, pending } = useEventChange();
  const [confirming, setConfirming] = useState(false);
  const locked = useMomentPassed(event.resultsLockedAt);
  const scheduled = event.resultsLockedAt !== null && !locked;
  const run = (value: boolean) =>
    lock.mutate(value, {
      onSuccess: () => {
        setConfirming(false);
        notifySuccess(
          value ? 'Results locked' : 'Results unlocked',
          value ? 'The board is final.' : 'Games finished since the lock count again.',
        );
      },
      onError: (error) => notifyError(value ? 'Could not lock the results' : 'Could not unlock the results', error.message),
    });
  return (
    <Card data-testid="results-lock-card">
      <CardTitle>Final whistle</CardTitle>
      <CardDescription>When the results lock, the board, the booth, the podium and the winners' export stop changing.</CardDescription>
      <p
        role="status"
        data-testid="results-lock-status"
        data-locked={locked ? true : undefined}
        className="mt-4 flex items-start gap-2 text-sm"
      >
        <Flag className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden />
        {locked ? (
          <span>
            <span className="font-semibold">Results are final</span> since {timeOf(event.resultsLockedAt!)}. Games finished later are shown
            to their players only.
          </span>
        ) : scheduled ? (
          <span>
            Results lock at <span className="font-semibold">{timeOf(event.resultsLockedAt!)}</span>, when the booth countdown ends.
          </span>
        ) : (
          <span>Results are open: every finished game counts.</span>
        )}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        {locked ? (
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            busy={lock.isPending}
            title="Unlock the results?"
            description="Games finished since the lock will count again: the board, the podium and the winners may change. The audit log records it."
            confirmLabel="UNLOCK RESULTS"
            onConfirm={() => run(false)}
            trigger={
              <Button variant="secondary">
                <LockOpen className="size-4" aria-hidden />
                {UNLOCK_RESULTS_LABEL}
              </Button>
            }
          />
        ) : (
          <Button onClick={() => run(true)} disabled={lock.isPending}>
            <Flag className="size-4" aria-hidden />
            {LOCK_RESULTS_LABEL}
          </Button>
        )}
      </div>
      <div className="mt-5">
        <SwitchField
          label="Starter pack counts for prizes"
          hint="Off: games on the starter pack shipped with the product (its prompts are public) are practice, scored for the player but never on the board, the podium or the winners' export."
          checked={event.practiceCounts}
          disabled={pending}
          onCheckedChange={(practiceCounts) =>
            change(
              { practiceCounts },
              practiceCounts ? 'Starter pack games now count for the board and prizes.' : 'Starter pack games are practice again.',
            )
          }
        />
      </div>
    </Card>
  );
}

import { PackageOpen } from 'lucide-react';
import { REMOVE_STARTER_PACK_LABEL, STARTER_PACK_NOTICE } from '@contracts/admin-challenges.rules';
import { Button } from '@web/ui/button';
import { notifyError, notifySuccess } from '@web/ui/toast';
import { usePoolHealth } from '../api/get-pool-health';
import { useRemoveStarterPack } from '../api/remove-starter-pack';

/** While starter challenges nobody has played are in the pool: says so, with a one-click removal. */
export function StarterPackNotice() {
  const health = usePoolHealth();
  const remove = useRemoveStarterPack();
  const unplayed = health.data?.starterPack.unplayed ?? 0;
  if (unplayed === 0) return null;
  return (
    <section
      aria-label="Starter pack"
      data-testid="starter-pack-notice"
      className="mb-5 flex flex-wrap items-center gap-3 rounded-2xl border border-accent/50 bg-night-800 px-4 py-3 text-sm text-ink"
    >
      <PackageOpen className="size-5 shrink-0 text-accent" aria-hidden />
      <p className="min-w-0 flex-1">
        <span className="font-semibold">{STARTER_PACK_NOTICE}</span>
        <span className="block text-muted">
          {unplayed} starter challenge{unplayed === 1 ? '' : 's'} nobody has played yet. Removing them keeps the played ones for history.
        </span>
      </p>
      <Button
        variant="secondary"
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(undefined, {
            onSuccess: (result) =>
              notifySuccess(
                'Starter pack removed',
                `${result.removed} challenge${result.removed === 1 ? '' : 's'} removed${result.kept > 0 ? `, ${result.kept} played kept` : ''}.`,
              ),
            onError: (error) => notifyError('Could not remove the starter pack', error.message),
          })
        }
      >
        {remove.isPending ? 'Removing...' : REMOVE_STARTER_PACK_LABEL}
      </Button>
    </section>
  );
}

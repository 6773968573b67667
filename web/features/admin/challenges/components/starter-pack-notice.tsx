import { PackageOpen } from 'lucide-react';
import { useState } from 'react';
import { REMOVE_STARTER_PACK_LABEL, STARTER_PACK_NOTICE } from '@contracts/admin-challenges.rules';
import { Button } from '@web/ui/button';
import { ConfirmDialog } from '@web/ui/confirm-dialog';
import { notifyError, notifySuccess } from '@web/ui/toast';
import { usePoolHealth } from '../api/get-pool-health';
import { useRemoveStarterPack } from '../api/remove-starter-pack';

/**
 * While starter challenges can still be handed out (played or not): says so, with "Retire starter pack" behind a
 * confirmation. Their prompts are public in the repo, so they are practice unless the organizer counts them.
 */
export function StarterPackNotice() {
  const health = usePoolHealth();
  const remove = useRemoveStarterPack();
  const [confirming, setConfirming] = useState(false);
  const active = health.data?.starterPack.active ?? 0;
  const unplayed = health.data?.starterPack.unplayed ?? 0;
  if (active === 0) return null;
  const played = active - unplayed;
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
          {active} starter challenge{active === 1 ? '' : 's'} can still be handed out ({unplayed} nobody has played yet). Their prompts are
          public, so games on them are practice.
        </span>
      </p>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        busy={remove.isPending}
        title="Retire the starter pack?"
        description={`The ${unplayed} unplayed starter challenge${unplayed === 1 ? ' is' : 's are'} deleted; the ${played} played one${played === 1 ? ' is' : 's are'} kept for the players' history but never handed out again, even with prompt reuse on.`}
        confirmLabel="RETIRE STARTER PACK"
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: (result) => {
              setConfirming(false);
              notifySuccess(
                'Starter pack retired',
                `${result.removed} challenge${result.removed === 1 ? '' : 's'} removed${result.retired > 0 ? `, ${result.retired} played retired` : ''}.`,
              );
            },
            onError: (error) => notifyError('Could not retire the starter pack', error.message),
          })
        }
        trigger={<Button variant="secondary">{REMOVE_STARTER_PACK_LABEL}</Button>}
      />
    </section>
  );
}

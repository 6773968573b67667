import type { AdminEvent } from '@contracts/admin-event';
import { Card, CardDescription, CardTitle } from '@web/ui/card';
import { SwitchField } from '@web/ui/switch-field';
import { useEventChange } from '../api/update-event';

/**
 * "Let players start before confirming their e-mail" (docs/decisions/039): a walk-up plays at once; the score joins
 * the board once the address is confirmed, and an account never confirmed is deleted after 24 h.
 */
export function PlayFirstCard({ event }: { event: AdminEvent }) {
  const { change, pending } = useEventChange();
  return (
    <Card>
      <CardTitle>Sign-up</CardTitle>
      <CardDescription>How fast a walk-up gets to their first image.</CardDescription>
      <div className="mt-5">
        <SwitchField
          label="Let players start before confirming their e-mail"
          hint="Players sign up and play at once. Their score joins the board, the booth and the winners' export only once they confirm their e-mail (the code or the link); accounts never confirmed are deleted after 24 hours."
          checked={event.playBeforeConfirming}
          disabled={pending}
          onCheckedChange={(playBeforeConfirming) =>
            change(
              { playBeforeConfirming },
              playBeforeConfirming
                ? 'New players start at once and confirm their e-mail later.'
                : 'New players confirm their e-mail before they start.',
            )
          }
        />
      </div>
    </Card>
  );
}

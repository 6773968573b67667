import type { AdminEvent, AdminEventUpdate } from '@contracts/admin-event';
import { Card, CardDescription, CardTitle } from '@web/ui/card';
import { SwitchField } from '@web/ui/switch-field';
import { notifyError, notifySuccess } from '@web/ui/toast';
import { useUpdateEvent } from '../api/update-event';

/** The two on/off switches: the event is open (new challenges start), and prompts may be reused across players. */
export function EventSwitchesCard({ event }: { event: AdminEvent }) {
  const update = useUpdateEvent();
  const change = (patch: AdminEventUpdate, done: string) =>
    update.mutate(patch, {
      onSuccess: () => notifySuccess('Event updated', done),
      onError: (error) => notifyError('Could not update the event', error.message),
    });

  return (
    <Card>
      <CardTitle>Game status</CardTitle>
      <CardDescription>
        The event is <strong className={event.isOpen ? 'text-success' : 'text-danger'}>{event.isOpen ? 'open' : 'closed'}</strong>.
      </CardDescription>
      <div className="mt-5 flex flex-col gap-5">
        <SwitchField
          label="Event open"
          hint="When closed, players cannot start new challenges (unfinished ones can still be finished), and the landing and play pages say so."
          checked={event.isOpen}
          disabled={update.isPending}
          onCheckedChange={(isOpen) => change({ isOpen }, isOpen ? 'The event is open: players can start challenges.' : 'The event is closed: new challenges are refused.')}
        />
        <SwitchField
          label="Reuse prompts across players"
          hint="Lets several players get the same challenge when the pool runs low. Nobody ever gets the same prompt twice."
          checked={event.allowPromptReuse}
          disabled={update.isPending}
          onCheckedChange={(allowPromptReuse) => change({ allowPromptReuse }, allowPromptReuse ? 'Prompts may now be reused across players.' : 'Each prompt now goes to one player only.')}
        />
      </div>
    </Card>
  );
}

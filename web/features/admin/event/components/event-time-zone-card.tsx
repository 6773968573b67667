import { useId } from 'react';
import type { AdminEvent } from '@contracts/admin-event';
import { Card, CardDescription, CardTitle } from '@web/ui/card';
import { Label } from '@web/ui/input';
import { notifyError, notifySuccess } from '@web/ui/toast';
import { useUpdateEvent } from '../api/update-event';

const SERVER = '';

/** Every IANA zone the browser knows (the server checks the name again). */
const zones = (): string[] => {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? [];
};

/** The event's time zone: the winners' export writes times in it (default: the server's). */
export function EventTimeZoneCard({ event }: { event: AdminEvent }) {
  const id = useId();
  const update = useUpdateEvent();
  const list = zones();
  const options = event.timeZone && !list.includes(event.timeZone) ? [event.timeZone, ...list] : list;
  return (
    <Card>
      <CardTitle>Time zone</CardTitle>
      <CardDescription>
        Exports write times in <strong className="text-ink">{event.timeZone ?? event.serverTimeZone}</strong>
        {event.timeZone ? '' : ", the server's"}.
      </CardDescription>
      <div className="mt-5">
        <Label htmlFor={id}>Event time zone</Label>
        <select
          id={id}
          value={event.timeZone ?? SERVER}
          disabled={update.isPending}
          onChange={(change) => {
            const timeZone = change.target.value === SERVER ? null : change.target.value;
            update.mutate(
              { timeZone },
              {
                onSuccess: (saved) => notifySuccess('Time zone saved', `Exports now use ${saved.timeZone ?? saved.serverTimeZone}.`),
                onError: (error) => notifyError('Could not save the time zone', error.message),
              },
            );
          }}
          className="mt-1.5 h-11 w-full rounded-xl border border-night-600 bg-night-950 px-3 text-sm text-ink focus-visible:outline-2 focus-visible:outline-accent"
        >
          <option value={SERVER}>The server's ({event.serverTimeZone})</option>
          {options.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
      </div>
    </Card>
  );
}

import { useId, useState, type FormEvent } from 'react';
import type { AdminEvent } from '@contracts/admin-event';
import { Button } from '@web/ui/button';
import { Card, CardDescription, CardTitle } from '@web/ui/card';
import { TextField } from '@web/ui/input';
import { notifyError, notifySuccess } from '@web/ui/toast';
import { useUpdateEvent } from '../api/update-event';

const MAX_CHALLENGES = 10_000;
const MAX_SECONDS = 86_400;

/** Per-player limits: how many challenges one player may start (blank = no cap), and the wait between two starts. */
export function EventLimitsCard({ event }: { event: AdminEvent }) {
  const id = useId();
  const [maxChallenges, setMaxChallenges] = useState(event.maxChallengesPerPlayer === null ? '' : String(event.maxChallengesPerPlayer));
  const [minSeconds, setMinSeconds] = useState(String(event.minSecondsBetweenChallenges));
  const update = useUpdateEvent();

  const cap = maxChallenges.trim() === '' ? null : Number(maxChallenges);
  const capError =
    cap !== null && (!Number.isInteger(cap) || cap < 1 || cap > MAX_CHALLENGES)
      ? `A whole number from 1 to ${MAX_CHALLENGES}, or blank for no cap`
      : null;
  const wait = Number(minSeconds);
  const waitError =
    minSeconds.trim() === '' || !Number.isInteger(wait) || wait < 0 || wait > MAX_SECONDS
      ? `A whole number of seconds from 0 to ${MAX_SECONDS}`
      : null;
  const changed = cap !== event.maxChallengesPerPlayer || wait !== event.minSecondsBetweenChallenges;

  function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    if (capError || waitError || !changed) return;
    update.mutate(
      { maxChallengesPerPlayer: cap, minSecondsBetweenChallenges: wait },
      {
        onSuccess: () =>
          notifySuccess(
            'Limits saved',
            cap === null ? `No cap per player; ${wait} s between challenges.` : `At most ${cap} per player; ${wait} s between challenges.`,
          ),
        onError: (error) => notifyError('Could not save the limits', error.message),
      },
    );
  }

  return (
    <Card>
      <CardTitle>Limits per player</CardTitle>
      <CardDescription>Keep the pool fair when the booth is busy.</CardDescription>
      <form onSubmit={submit} className="mt-5 flex flex-col gap-4" noValidate>
        <TextField
          id={`${id}-max`}
          label="Max challenges per player"
          inputMode="numeric"
          value={maxChallenges}
          onChange={(e) => setMaxChallenges(e.target.value)}
          error={capError}
          hint="Leave blank for no cap."
          placeholder="No cap"
          variant="compact"
        />
        <TextField
          id={`${id}-wait`}
          label="Minimum seconds between challenges"
          inputMode="numeric"
          value={minSeconds}
          onChange={(e) => setMinSeconds(e.target.value)}
          error={waitError}
          hint="0 lets a player start again straight away."
          variant="compact"
        />
        <Button type="submit" className="self-start" disabled={Boolean(capError || waitError) || !changed || update.isPending}>
          {update.isPending ? 'PLEASE WAIT...' : 'Save limits'}
        </Button>
      </form>
    </Card>
  );
}

import { ExternalLink } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { BoothDisplayUpdate } from '@contracts/admin-leaderboard';
import type { BoothDisplay } from '@contracts/leaderboard';
import { BOOTH_MESSAGE_MAX_LENGTH, PODIUM_SIZE } from '@contracts/leaderboard.rules';
import { paths } from '@contracts/paths';
import { Button } from '@web/ui/button';
import { Card, CardDescription, CardTitle } from '@web/ui/card';
import { TextField } from '@web/ui/input';
import { notifyError, notifySuccess } from '@web/ui/toast';
import { useBoothDisplay, useUpdateBoothDisplay } from '../api/booth-display';

/** The next occurrence of "HH:MM" (today, or tomorrow once it has passed), as an ISO string; null if not a time. */
export function nextOccurrence(time: string, now = new Date()): string | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (hours > 23 || minutes > 59) return null;
  const at = new Date(now);
  at.setHours(hours, minutes, 0, 0);
  if (at.getTime() <= now.getTime()) at.setDate(at.getDate() + 1);
  return at.toISOString();
}

const clock = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
const placeName = (revealed: number) => `#${PODIUM_SIZE - revealed}`;

function describe(booth: BoothDisplay): string {
  switch (booth.mode) {
    case 'countdown':
      return `a final countdown to ${booth.countdownTo ? clock(booth.countdownTo) : '?'}, above the live board`;
    case 'podium':
      return booth.podiumRevealed === 0
        ? 'the podium, no place revealed yet'
        : `the podium, ${booth.podiumRevealed} of ${PODIUM_SIZE} places revealed`;
    case 'message':
      return `the message "${booth.message ?? ''}"`;
    default:
      return 'the live board';
  }
}

/**
 * The booth as a host's tool: switch every open booth screen between the live board, a final countdown, the podium
 * (revealed one place at a time, third first) and a one-line message. Screens follow within a second.
 */
export function BoothControlCard() {
  const id = useId();
  const display = useBoothDisplay();
  const update = useUpdateBoothDisplay();
  const [time, setTime] = useState('');
  const [message, setMessage] = useState('');
  const booth = display.data?.booth;

  const switchTo = (change: BoothDisplayUpdate, done: string) =>
    update.mutate(change, {
      onSuccess: () => notifySuccess('Booth switched', done),
      onError: (error) => notifyError('Could not switch the booth', error.message),
    });

  const countdownTo = nextOccurrence(time);
  const trimmed = message.replace(/\s+/g, ' ').trim();
  const messageError = trimmed.length > BOOTH_MESSAGE_MAX_LENGTH ? `Keep the message to ${BOOTH_MESSAGE_MAX_LENGTH} characters` : null;

  function startCountdown(event: FormEvent) {
    event.preventDefault();
    if (!countdownTo) return;
    switchTo({ mode: 'countdown', countdownTo }, `The booth counts down to ${clock(countdownTo)}.`);
  }

  function showMessage(event: FormEvent) {
    event.preventDefault();
    if (!trimmed || messageError) return;
    switchTo({ mode: 'message', message: trimmed }, `The booth shows "${trimmed}".`);
  }

  const revealed = booth?.mode === 'podium' ? booth.podiumRevealed : null;
  return (
    <Card data-testid="booth-control">
      <CardTitle>Booth screen</CardTitle>
      <CardDescription>
        Every open booth screen shows{' '}
        <strong className="text-ink" data-testid="booth-control-now">
          {booth ? describe(booth) : '…'}
        </strong>
        .{' '}
        <a
          href={paths.booth}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 text-accent underline-offset-4 hover:underline"
        >
          Open the booth screen
          <ExternalLink className="size-3.5" aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </CardDescription>
      <fieldset disabled={update.isPending || !booth} className="mt-5 flex flex-col gap-5">
        <legend className="sr-only">Switch the booth</legend>
        <div className="flex flex-wrap gap-2">
          <Button
            variant={booth?.mode === 'board' ? 'primary' : 'outline'}
            aria-pressed={booth?.mode === 'board'}
            onClick={() => switchTo({ mode: 'board' }, 'The booth shows the live board.')}
          >
            Live board
          </Button>
          {revealed === null ? (
            <Button
              variant="outline"
              onClick={() => switchTo({ mode: 'podium', podiumRevealed: 0 }, 'The booth shows the podium. Reveal #3 when ready.')}
            >
              Podium
            </Button>
          ) : revealed < PODIUM_SIZE ? (
            <Button
              onClick={() => switchTo({ mode: 'podium', podiumRevealed: revealed + 1 }, `${placeName(revealed)} is revealed on the booth.`)}
            >
              Reveal {placeName(revealed)}
            </Button>
          ) : (
            <Button variant="outline" onClick={() => switchTo({ mode: 'podium', podiumRevealed: 0 }, 'The podium starts again from #3.')}>
              Podium from the start
            </Button>
          )}
        </div>
        <form onSubmit={startCountdown} className="flex flex-wrap items-end gap-3" noValidate>
          <div className="min-w-40 flex-1">
            <TextField
              id={`${id}-time`}
              label="Final countdown to"
              type="time"
              value={time}
              onChange={(e) => setTime(e.target.value)}
              hint="The board keeps updating under it. A time already past today means tomorrow."
              variant="compact"
            />
          </div>
          <Button type="submit" variant="outline" disabled={!countdownTo}>
            Start countdown
          </Button>
        </form>
        <form onSubmit={showMessage} className="flex flex-wrap items-end gap-3" noValidate>
          <div className="min-w-48 flex-1">
            <TextField
              id={`${id}-message`}
              label="One-line message"
              value={message}
              maxLength={BOOTH_MESSAGE_MAX_LENGTH}
              onChange={(e) => setMessage(e.target.value)}
              placeholder="Prize draw at 17:00"
              error={messageError}
              hint={`${trimmed.length}/${BOOTH_MESSAGE_MAX_LENGTH} characters`}
              variant="compact"
            />
          </div>
          <Button type="submit" variant="outline" disabled={!trimmed || Boolean(messageError)}>
            Show message
          </Button>
        </form>
      </fieldset>
      {display.isError ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          Could not read the booth's mode: {display.error.message}
        </p>
      ) : null}
    </Card>
  );
}

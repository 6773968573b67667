import { useState } from 'react';
import type { AdminEvent } from '@contracts/admin-event';
import { type BoardCounts, TIE_BREAK_LINE } from '@contracts/leaderboard.rules';
import { Card, CardDescription, CardTitle } from '@web/ui/card';
import { SwitchField } from '@web/ui/switch-field';
import { useEventChange } from '../api/update-event';
import { BoardCountsDialog } from './board-counts-dialog';

const boardCountsChoices: Array<{ value: BoardCounts; label: string; game: string; done: string }> = [
  { value: 'latest', label: 'latest game (default)', game: 'latest game', done: "The board now counts each player's latest game." },
  { value: 'best', label: 'best game', game: 'best game', done: "The board now counts each player's best game." },
];

/** The two on/off switches: the event is open (new challenges start), and prompts may be reused across players. */
export function EventSwitchesCard({ event }: { event: AdminEvent }) {
  const { change, pending } = useEventChange();
  // A switch of which game counts re-ranks the board: it waits for the organizer to see what changes and confirm.
  const [asked, setAsked] = useState<BoardCounts | null>(null);
  const askedChoice = boardCountsChoices.find((choice) => choice.value === asked);

  return (
    <Card>
      <CardTitle>Game status</CardTitle>
      <CardDescription>
        The event is <strong className={event.isOpen ? 'text-success' : 'text-danger'}>{event.isOpen ? 'open' : 'closed'}</strong>.
      </CardDescription>
      <div className="mt-5 flex flex-col gap-5">
        <SwitchField
          label="Event open"
          hint="When closed, players cannot start new challenges, and the landing and play pages say so. Unfinished ones can still be finished, but count only if finished before the results lock (Final whistle)."
          checked={event.isOpen}
          disabled={pending}
          onCheckedChange={(isOpen) =>
            change(
              { isOpen },
              isOpen ? 'The event is open: players can start challenges.' : 'The event is closed: new challenges are refused.',
            )
          }
        />
        <SwitchField
          label="Reuse prompts across players"
          hint="Lets several players get the same challenge when the pool runs low. Nobody ever gets the same prompt twice."
          checked={event.allowPromptReuse}
          disabled={pending}
          onCheckedChange={(allowPromptReuse) =>
            change(
              { allowPromptReuse },
              allowPromptReuse ? 'Prompts may now be reused across players.' : 'Each prompt now goes to one player only.',
            )
          }
        />
        <fieldset disabled={pending}>
          <legend className="text-sm font-semibold text-ink">The board counts each player's</legend>
          <p className="mt-1 text-sm text-muted">{TIE_BREAK_LINE}</p>
          <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
            {boardCountsChoices.map((choice) => (
              <label key={choice.value} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink">
                <input
                  type="radio"
                  name="board-counts"
                  value={choice.value}
                  checked={event.boardCounts === choice.value}
                  onChange={() => setAsked(choice.value)}
                  className="size-5 accent-accent-strong"
                />
                {choice.label}
              </label>
            ))}
          </div>
        </fieldset>
        <BoardCountsDialog
          choice={asked}
          label={askedChoice?.game ?? ''}
          busy={pending}
          onCancel={() => setAsked(null)}
          onConfirm={() => {
            if (askedChoice) change({ boardCounts: askedChoice.value }, askedChoice.done);
            setAsked(null);
          }}
        />
      </div>
    </Card>
  );
}

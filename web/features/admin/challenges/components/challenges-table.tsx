import { PRACTICE_LABEL } from '@contracts/admin-challenges.rules';
import { Ban, CircleCheck, Trash2 } from 'lucide-react';
import type { AdminChallenge } from '@contracts/admin-challenges';
import { HARD_TO_SCORE_BELOW, HARD_TO_SCORE_LABEL, type ChallengeState } from '@contracts/admin-challenges.rules';
import { formatScore } from '@contracts/game.rules';
import { cn } from '@web/lib/cn';
import { Button } from '@web/ui/button';
import { TableFrame, TableHead } from '@web/ui/data-table';
import { Spinner } from '@web/ui/spinner';
import { notifyError } from '@web/ui/toast';
import { useDeleteChallenge, useSetChallengeDisabled } from '../api/update-challenge';

export const stateLabels: Record<ChallengeState, string> = { unused: 'Unused', in_play: 'In play', played: 'Played', disabled: 'Disabled' };
const stateStyles: Record<ChallengeState, string> = {
  unused: 'bg-success/15 text-success',
  in_play: 'bg-accent/20 text-accent',
  played: 'bg-night-700 text-ink',
  disabled: 'bg-danger/15 text-danger',
};
const challengeColumns = [
  { label: 'Image' },
  { label: 'Prompt' },
  { label: 'Source' },
  { label: 'State' },
  { label: 'Played', end: true },
  { label: 'Avg. score', end: true },
  { label: 'Difficulty', end: true },
  { label: 'Created' },
  { label: 'Actions', end: true },
];
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });

function RowActions({ challenge }: { challenge: AdminChallenge }) {
  const setDisabled = useSetChallengeDisabled();
  const remove = useDeleteChallenge();
  const disabled = challenge.state === 'disabled';
  const onError = (title: string) => (error: Error) => notifyError(title, error.message);
  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        title={disabled ? 'Enable' : 'Disable'}
        disabled={setDisabled.isPending}
        onClick={() =>
          setDisabled.mutate({ id: challenge.id, disabled: !disabled }, { onError: onError('Could not change the challenge') })
        }
        aria-label={`${disabled ? 'Enable' : 'Disable'} “${challenge.prompt}”`}
      >
        {disabled ? <CircleCheck className="size-4" aria-hidden /> : <Ban className="size-4" aria-hidden />}
      </Button>
      {challenge.state === 'unused' ? (
        <Button
          variant="ghost-danger"
          size="icon"
          title="Delete"
          disabled={remove.isPending}
          onClick={() => remove.mutate(challenge.id, { onError: onError('Could not delete the challenge') })}
          aria-label={`Delete “${challenge.prompt}”`}
        >
          <Trash2 className="size-4" aria-hidden />
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The pool's table: thumbnail, prompt, source, state, times played, average final score, difficulty estimate (flagged
 * when hard to score), created, actions.
 */
export function ChallengesTable({
  rows,
  status,
  errorMessage,
  busy,
  emptyText,
}: {
  rows: AdminChallenge[];
  status: 'loading' | 'error' | 'ready';
  errorMessage?: string;
  busy: boolean;
  emptyText: string;
}) {
  return (
    <TableFrame
      label="Challenges table"
      caption="Challenges in the pool, newest first"
      busy={busy}
      after={
        status === 'loading' ? (
          <div className="flex justify-center p-8">
            <Spinner label="Loading challenges..." />
          </div>
        ) : status === 'error' ? (
          <p role="alert" className="p-8 text-center text-sm text-danger">
            Could not load the challenges: {errorMessage}
          </p>
        ) : rows.length === 0 ? (
          <p className="p-8 text-center text-sm text-muted">{emptyText}</p>
        ) : null
      }
    >
      <TableHead columns={challengeColumns} spacing="dense" />
      <tbody>
        {status === 'ready'
          ? rows.map((row) => (
              <tr key={row.id} className="border-b border-night-800 last:border-0">
                <td className="px-3 py-2">
                  <img
                    src={row.imageUrl}
                    alt=""
                    loading="lazy"
                    width={56}
                    height={56}
                    className="size-14 rounded-lg bg-night-800 object-cover"
                  />
                </td>
                <td className="min-w-48 max-w-72 px-3 py-2 text-ink">
                  <span className="line-clamp-2">{row.prompt}</span>
                </td>
                <td className="max-w-32 truncate px-3 py-2 text-muted" title={row.source ?? undefined}>
                  {row.practice ? (
                    <span className="mr-1.5 rounded-full border border-amber-300/50 px-1.5 py-0.5 text-xs font-semibold text-amber-100">
                      {PRACTICE_LABEL}
                    </span>
                  ) : null}
                  {row.source ?? '—'}
                </td>
                <td className="px-3 py-2">
                  <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', stateStyles[row.state])}>
                    {stateLabels[row.state]}
                  </span>
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{row.timesPlayed}</td>
                <td className="px-3 py-2 text-right tabular-nums">{row.averageScore === null ? '—' : formatScore(row.averageScore)}</td>
                <td
                  className="whitespace-nowrap px-3 py-2 text-right tabular-nums"
                  title="How well short, natural descriptions of the prompt score on this image"
                >
                  {row.difficulty === null ? '—' : formatScore(row.difficulty)}
                  {row.hardToScore ? (
                    <span
                      className="ml-2 inline-flex rounded-full bg-glow/15 px-2 py-0.5 text-xs font-semibold text-glow"
                      title={`A good short description scores under ${HARD_TO_SCORE_BELOW} % on this image`}
                    >
                      {HARD_TO_SCORE_LABEL}
                    </span>
                  ) : null}
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-muted">{dateTime.format(new Date(row.createdAt))}</td>
                <td className="px-2 py-1">
                  <RowActions challenge={row} />
                </td>
              </tr>
            ))
          : null}
      </tbody>
    </TableFrame>
  );
}

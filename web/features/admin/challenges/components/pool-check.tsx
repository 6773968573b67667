import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import type { PromptFlag } from '@contracts/admin-challenges';
import type { PromptFlagKind } from '@contracts/admin-challenges.rules';
import { Button } from '@web/ui/button';
import { Card, CardDescription, CardTitle } from '@web/ui/card';
import { Spinner } from '@web/ui/spinner';
import { notifyError } from '@web/ui/toast';
import { useBulkSetDisabled, usePoolCheck } from '../api/pool-check';

const kindLabels: Record<PromptFlagKind, string> = {
  near_duplicate: 'Near-duplicates',
  too_short: 'Too short',
  too_generic: 'Too generic',
  difficulty_outlier: 'Much harder or easier',
};

/** The challenge a one-click disable takes out: for a pair, the second one (the organizer keeps the first). */
const targetOf = (flag: PromptFlag) => (flag.kind === 'near_duplicate' ? (flag.otherChallengeId ?? flag.challengeId) : flag.challengeId);

/**
 * "Pool check": the prompt check over every enabled challenge, grouped by what it found, with one-click disable (the
 * second prompt of a near-duplicate pair, or the flagged prompt) and a bulk disable of everything listed.
 */
export function PoolCheckCard() {
  const [asked, setAsked] = useState(false);
  const check = usePoolCheck(asked);
  const disable = useBulkSetDisabled();
  const flags = check.data?.flags ?? [];
  const targets = [...new Set(flags.map(targetOf).filter((id): id is string => Boolean(id)))];
  const run = (ids: string[]) =>
    disable.mutate({ ids, disabled: true }, { onError: (error) => notifyError('Could not disable', error.message) });

  return (
    <Card className="flex flex-col gap-4" aria-labelledby="pool-check-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle id="pool-check-title">Pool check</CardTitle>
          <CardDescription>
            Near-duplicate pairs (two players would share one answer), prompts too short to be fair or too generic to guess, and prompts
            much harder or easier than the rest.
          </CardDescription>
        </div>
        <Button variant="outline" onClick={() => (asked ? void check.refetch() : setAsked(true))} disabled={check.isFetching}>
          <ShieldCheck className="size-4" aria-hidden />
          {check.isFetching ? 'CHECKING...' : asked ? 'CHECK AGAIN' : 'CHECK THE POOL'}
        </Button>
      </div>
      {check.isFetching && !check.data ? <Spinner label="Checking the pool..." className="py-4" /> : null}
      {check.isError ? (
        <p role="alert" className="text-sm text-danger">
          Could not check the pool: {check.error.message}
        </p>
      ) : null}
      {check.data ? (
        <div className="flex flex-col gap-3" data-testid="pool-check">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-ink" role="status">
              {check.data.checked} enabled prompt{check.data.checked === 1 ? '' : 's'} checked:{' '}
              {flags.length === 0 ? 'nothing to fix.' : `${flags.length} finding${flags.length === 1 ? '' : 's'}.`}
            </p>
            {targets.length > 1 ? (
              <Button size="sm" variant="danger" disabled={disable.isPending} onClick={() => run(targets)}>
                DISABLE ALL {targets.length} FLAGGED
              </Button>
            ) : null}
          </div>
          <ul className="flex flex-col divide-y divide-night-700 rounded-xl border border-night-700">
            {flags.map((flag) => {
              const target = targetOf(flag);
              return (
                <li
                  key={`${flag.kind}:${flag.challengeId}:${flag.otherChallengeId ?? ''}`}
                  className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center"
                >
                  <div className="flex-1">
                    <p className="text-xs font-semibold uppercase tracking-wider text-muted">{kindLabels[flag.kind]}</p>
                    <p className="text-sm text-ink">{flag.message}</p>
                  </div>
                  {target ? (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={disable.isPending}
                      onClick={() => run([target])}
                      aria-label={`Disable "${flag.kind === 'near_duplicate' ? (flag.other ?? flag.prompt) : flag.prompt}"`}
                    >
                      DISABLE {flag.kind === 'near_duplicate' ? 'THE SECOND' : 'IT'}
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}

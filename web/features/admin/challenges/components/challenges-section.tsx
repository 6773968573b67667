import { useState } from 'react';
import type { AdminChallengesQuery } from '@contracts/admin-challenges';
import { CHALLENGE_STATES, type ChallengeState } from '@contracts/admin-challenges.rules';
import { cn } from '@web/lib/cn';
import { Pagination } from '@web/ui/pagination';
import { SectionHeader } from '@web/ui/section-header';
import { Spinner } from '@web/ui/spinner';
import { useChallenges } from '../api/get-challenges';
import { usePoolHealth } from '../api/get-pool-health';
import { ChallengesTable, stateLabels } from './challenges-table';
import { GenerationPanel } from './generation-panel';
import { PackUpload } from './pack-upload';
import { PoolCheckCard } from './pool-check';
import { PoolHealthTiles } from './pool-health';

const PAGE_SIZE = 25;

/** Challenges: pool health, pack upload, generation, and the table of every challenge (filtered by state). */
export function ChallengesSection() {
  const health = usePoolHealth();
  const [state, setState] = useState<ChallengeState | undefined>();
  const [page, setPage] = useState(1);
  const query: AdminChallengesQuery = { state, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };
  const list = useChallenges(query);
  const total = list.data?.total ?? 0;

  return (
    <div className="flex flex-col gap-5">
      <SectionHeader
        title="Challenges"
        documentTitle="Challenges · Organizer console"
        description="The pool of images and secret prompts players draw from."
      />
      {health.data ? (
        <PoolHealthTiles health={health.data} />
      ) : health.isError ? (
        <p role="alert" className="text-sm text-danger">
          Could not load the pool: {health.error.message}
        </p>
      ) : (
        <Spinner label="Loading the pool..." className="py-6" />
      )}
      <PackUpload />
      <GenerationPanel />
      <PoolCheckCard />
      <div>
        <fieldset aria-label="Filter by state" className="mb-3 flex min-w-0 flex-wrap gap-2">
          {[undefined, ...CHALLENGE_STATES].map((value) => (
            <button
              key={value ?? 'all'}
              type="button"
              aria-pressed={state === value}
              onClick={() => {
                setState(value);
                setPage(1);
              }}
              className={cn(
                'min-h-11 rounded-full border px-4 text-sm font-semibold',
                state === value ? 'border-accent bg-accent/20 text-ink' : 'border-night-600 text-muted hover:text-ink',
              )}
            >
              {value ? stateLabels[value] : 'All'}
            </button>
          ))}
        </fieldset>
        <ChallengesTable
          rows={list.data?.challenges ?? []}
          status={list.isPending ? 'loading' : list.isError ? 'error' : 'ready'}
          errorMessage={list.error?.message}
          busy={list.isFetching}
          emptyText={
            state
              ? `No ${stateLabels[state].toLowerCase()} challenges.`
              : 'The pool is empty. Upload a pack or generate challenges to start the game.'
          }
        />
        <Pagination label="Challenges pages" page={page} pageCount={Math.max(1, Math.ceil(total / PAGE_SIZE))} onPageChange={setPage} />
      </div>
    </div>
  );
}

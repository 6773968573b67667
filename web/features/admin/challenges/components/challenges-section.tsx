import { PackageOpen } from 'lucide-react';
import { Card } from '@web/ui/card';
import { SectionHeader } from '@web/ui/section-header';
import { Spinner } from '@web/ui/spinner';
import { usePoolCount } from '../api/get-pool-count';

const number = new Intl.NumberFormat();

/**
 * Challenges: the pool's size, and how to fill it. Placeholder until the pool issue replaces this file with the
 * real section (import a pack, disable a challenge, generate new ones); the console renders it with no props.
 */
export function ChallengesSection() {
  const pool = usePoolCount();
  return (
    <div>
      <SectionHeader title="Challenges" documentTitle="Challenges · Organizer console" description="The pool of images and secret prompts players draw from." />
      {pool.isPending ? (
        <Spinner label="Loading the pool..." className="py-16" />
      ) : pool.isError ? (
        <p role="alert" className="text-sm text-danger">
          Could not load the pool: {pool.error.message}
        </p>
      ) : (
        <div className="flex flex-col gap-5">
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
            {[
              { label: 'In the pool', value: pool.data.total },
              { label: 'Unused', value: pool.data.unused },
              { label: 'Available to new starts', value: pool.data.available },
              { label: 'Disabled', value: pool.data.disabled },
            ].map((tile) => (
              <div key={tile.label} className="flex flex-col rounded-2xl border border-night-700 bg-night-900/80 p-4">
                <dt className="text-xs font-medium uppercase tracking-wider text-muted">{tile.label}</dt>
                <dd className="order-first font-display text-3xl font-bold tabular-nums">{number.format(tile.value)}</dd>
              </div>
            ))}
          </dl>
          {pool.data.total === 0 ? (
            <Card className="flex flex-col items-center gap-3 py-10 text-center">
              <PackageOpen className="size-10 text-accent" aria-hidden />
              <p className="font-display text-lg font-bold">Load a pack to start the game</p>
              <p className="max-w-md text-sm text-muted">
                The pool is empty, so no player can start a challenge. Load a pack of images with their prompts from the command line:
              </p>
              <code className="rounded-lg bg-night-950 px-3 py-2 text-sm text-ink">npm run challenges:import -- &lt;folder-or-zip&gt;</code>
            </Card>
          ) : (
            <Card>
              <p className="text-sm text-muted">
                Load more challenges with <code className="rounded bg-night-950 px-1.5 py-0.5 text-ink">npm run challenges:import -- &lt;folder-or-zip&gt;</code>. Managing the pool from here is coming next.
              </p>
            </Card>
          )}
        </div>
      )}
    </div>
  );
}

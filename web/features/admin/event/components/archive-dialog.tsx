import { Eye } from 'lucide-react';
import { useState } from 'react';
import type { ArchiveSummary } from '@contracts/admin-leaderboard';
import { formatScore } from '@contracts/game.rules';
import { Button } from '@web/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@web/ui/dialog';
import { Spinner } from '@web/ui/spinner';
import { useArchive } from '../api/get-archive';

/** 'View': one archived board's entries in a dialog. */
export function ArchiveDialog({ archive, title }: { archive: ArchiveSummary; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" aria-label={`View ${title}`}>
          <Eye className="size-4" aria-hidden />
          View
        </Button>
      </DialogTrigger>
      {open ? (
        <DialogContent title={title} description={`${archive.entryCount} ${archive.entryCount === 1 ? 'entry' : 'entries'}`} size="lg">
          <ArchiveEntries id={archive.id} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function ArchiveEntries({ id }: { id: number }) {
  const archive = useArchive(id);
  if (archive.isPending) return <Spinner label="Loading the board..." className="py-6" />;
  if (archive.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        Could not load the board: {archive.error.message}
      </p>
    );
  const entries = archive.data.archive.entries;
  if (entries.length === 0) return <p className="text-sm text-muted">This board was empty.</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable list must be reachable by keyboard (axe: scrollable-region-focusable).
    <ol className="flex max-h-[60vh] flex-col gap-1 overflow-y-auto pr-1" tabIndex={0} aria-label="Archived board">
      {entries.map((entry) => (
        <li key={entry.rank} className="flex items-center gap-3 rounded-xl bg-night-800/70 px-3 py-2">
          <span className="w-8 shrink-0 text-sm font-bold tabular-nums text-muted">#{entry.rank}</span>
          <span className="min-w-0 flex-1 truncate font-semibold">{entry.displayName}</span>
          <span className="font-bold tabular-nums text-accent">{formatScore(entry.score)}</span>
        </li>
      ))}
    </ol>
  );
}

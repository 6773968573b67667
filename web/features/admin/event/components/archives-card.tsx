import { Download } from 'lucide-react';
import type { ArchiveSummary } from '@contracts/admin-leaderboard';
import { Button } from '@web/ui/button';
import { Card, CardDescription, CardTitle } from '@web/ui/card';
import { Spinner } from '@web/ui/spinner';
import { archiveCsvUrl } from '../api/archive-csv';
import { useArchives } from '../api/get-archives';
import { ArchiveDialog } from './archive-dialog';
import { formatShortDateTime } from '@web/lib/date-format';

export const archiveName = (archive: ArchiveSummary) => archive.label ?? `Board of ${formatShortDateTime(archive.archivedAt)}`;

/** Archived boards, newest first: each viewable and exportable as the winners' CSV. */
export function ArchivesCard() {
  const archives = useArchives();
  const list = archives.data?.archives ?? [];
  return (
    <Card className="lg:col-span-2">
      <CardTitle>Archived boards</CardTitle>
      <CardDescription>Every reset keeps the board as it stood.</CardDescription>
      {archives.isPending ? (
        <Spinner label="Loading archives..." className="py-6" />
      ) : archives.isError ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          Could not load the archives: {archives.error.message}
        </p>
      ) : list.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-night-600 p-6 text-center text-sm text-muted">
          No archived boards yet. A reset archives the current board here.
        </p>
      ) : (
        <ul className="mt-4 flex flex-col divide-y divide-night-800">
          {list.map((archive) => (
            <li key={archive.id} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-0 flex-1 basis-full sm:basis-0">
                <p className="truncate font-semibold">{archiveName(archive)}</p>
                <p className="text-sm text-muted">
                  {formatShortDateTime(archive.since)} – {formatShortDateTime(archive.archivedAt)} · {archive.entryCount}{' '}
                  {archive.entryCount === 1 ? 'entry' : 'entries'}
                </p>
              </div>
              <ArchiveDialog archive={archive} title={archiveName(archive)} />
              <Button asChild variant="outline">
                <a href={archiveCsvUrl(archive.id)} download aria-label={`Export ${archiveName(archive)} as CSV`}>
                  <Download className="size-4" aria-hidden />
                  CSV
                </a>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

import { useState } from 'react';
import { TableFrame, TableHead } from '@web/ui/data-table';
import { Pagination } from '@web/ui/pagination';
import { SectionHeader } from '@web/ui/section-header';
import { Spinner } from '@web/ui/spinner';
import { useAudit } from '../api/get-audit';
import { auditActionLabel, auditDetails } from './audit-action-label';

const auditColumns = [{ label: 'When' }, { label: 'Who' }, { label: 'What' }, { label: 'On whom' }, { label: 'Details' }];
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium', hourCycle: 'h23' });

/** Activity: the audit log of every organizer action (who, what, when, on whom), newest first, paginated. */
export function ActivitySection() {
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  const pageCount = audit.data ? Math.max(1, Math.ceil(audit.data.total / audit.data.pageSize)) : 1;
  const entries = audit.data?.entries ?? [];

  return (
    <div>
      <SectionHeader title="Activity" documentTitle="Activity · Organizer console" description="Every organizer action, newest first." />
      {/* A phone gets the log as a list; wider screens a table. */}
      <ol className="flex flex-col gap-3 md:hidden" aria-label="Audit log">
        {entries.map((entry) => (
          <li key={entry.id} data-action={entry.action} className="rounded-2xl border border-night-700 bg-night-900/80 p-4 text-sm">
            <p className="font-semibold">
              {auditActionLabel(entry.action)}
              {entry.targetLabel ? <span className="font-normal text-muted"> · {entry.targetLabel}</span> : null}
            </p>
            <p className="mt-1 text-muted">
              <time dateTime={entry.at}>{dateTime.format(new Date(entry.at))}</time> · {entry.actor ?? 'deleted account'}
            </p>
            {auditDetails(entry) ? <p className="mt-1 text-muted [overflow-wrap:anywhere]">{auditDetails(entry)}</p> : null}
          </li>
        ))}
      </ol>
      <TableFrame
        label="Audit log table"
        caption="Audit log, newest first"
        minWidth="md"
        busy={audit.isFetching}
        className={entries.length > 0 ? 'hidden md:block' : 'hidden'}
      >
        <TableHead columns={auditColumns} />
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} data-action={entry.action} className="border-b border-night-800 last:border-0">
              <td className="whitespace-nowrap px-4 py-3 text-muted">
                <time dateTime={entry.at}>{dateTime.format(new Date(entry.at))}</time>
              </td>
              <td className="max-w-56 truncate px-4 py-3">{entry.actor ?? <span className="italic text-muted">deleted account</span>}</td>
              <td className="px-4 py-3 font-semibold">{auditActionLabel(entry.action)}</td>
              <td className="max-w-48 truncate px-4 py-3">
                {entry.targetLabel ?? (entry.targetId ? <span className="italic text-muted">removed</span> : '—')}
              </td>
              <td className="max-w-80 px-4 py-3 text-muted [overflow-wrap:anywhere]">{auditDetails(entry) || '—'}</td>
            </tr>
          ))}
        </tbody>
      </TableFrame>
      {audit.isPending ? (
        <Spinner label="Loading the activity..." className="rounded-2xl border border-night-700 p-8" />
      ) : audit.isError ? (
        <p role="alert" className="rounded-2xl border border-night-700 p-8 text-center text-sm text-danger">
          Could not load the activity: {audit.error.message}
        </p>
      ) : entries.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-night-600 p-8 text-center text-sm text-muted">
          No organizer actions yet. Renames, hides, deletions, event changes and resets show up here.
        </p>
      ) : null}
      <Pagination label="Activity pages" page={page} pageCount={pageCount} onPageChange={setPage} />
    </div>
  );
}

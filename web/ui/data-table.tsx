import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';

/**
 * The console's tables: a bordered card whose table scrolls sideways in a narrow window instead of squeezing its
 * columns (the scroll region is focusable and named, so a keyboard can scroll it too), with a caption for screen
 * readers. `children` are the table's thead and tbody; `after` is drawn below the table inside the card (loading,
 * error or empty messages).
 */
export function TableFrame({
  label,
  caption,
  minWidth = 'lg',
  busy,
  className,
  after,
  children,
}: {
  /** The scroll region's accessible name ("Players table"). */
  label: string;
  /** What the rows are and how they are sorted. */
  caption: ReactNode;
  /** Below this width the table scrolls: md 48rem, lg 52rem. */
  minWidth?: 'md' | 'lg';
  busy?: boolean;
  className?: string;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={cn('relative rounded-2xl border border-night-700 bg-night-900/80', className)} aria-busy={busy}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe: scrollable-region-focusable). */}
      <section className="overflow-x-auto rounded-2xl" tabIndex={0} aria-label={label}>
        <table className={cn('w-full border-collapse text-left text-sm', minWidth === 'md' ? 'min-w-[48rem]' : 'min-w-[52rem]')}>
          <caption className="sr-only">{caption}</caption>
          {children}
        </table>
      </section>
      {after}
    </div>
  );
}

export interface TableColumn {
  label: string;
  /** Numbers (and actions) align right. */
  end?: boolean;
}

/** A header row of plain column names (a sortable header draws its own buttons: players-table.tsx). */
export function TableHead({ columns, spacing = 'roomy' }: { columns: TableColumn[]; spacing?: 'roomy' | 'dense' }) {
  return (
    <thead>
      <tr className="border-b border-night-700 text-muted">
        {columns.map((column) => (
          <th
            key={column.label}
            scope="col"
            className={cn('py-3 font-semibold', spacing === 'roomy' ? 'px-4' : 'px-3', column.end && 'text-right')}
          >
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

import { ArrowDown, ArrowUp } from 'lucide-react';
import { useId } from 'react';
import type { AdminPlayerSortKey } from '@contracts/admin.rules';
import { Button } from '@web/ui/button';
import { Label } from '@web/ui/input';
import { defaultDirection, playerColumns, type Sort } from './players-table';

/** Sorting on a phone, where there are no column headers: a column picker and a direction button. */
export function PlayersSortSelect({
  sort,
  onSortChange,
  className,
}: {
  sort: Sort;
  onSortChange: (sort: Sort) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <Label htmlFor={id}>Sort by</Label>
      <div className="flex gap-2">
        <select
          id={id}
          value={sort.sort}
          onChange={(event) => {
            const key = event.target.value as AdminPlayerSortKey;
            onSortChange({ sort: key, dir: defaultDirection(key) });
          }}
          className="h-11 min-w-0 flex-1 rounded-xl border border-night-600 bg-night-950/70 px-3 text-base text-ink focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/40"
        >
          {playerColumns.map((column) => (
            <option key={column.key} value={column.key}>
              {column.label}
            </option>
          ))}
        </select>
        <Button variant="outline" onClick={() => onSortChange({ ...sort, dir: sort.dir === 'asc' ? 'desc' : 'asc' })}>
          {sort.dir === 'asc' ? <ArrowUp className="size-4" aria-hidden /> : <ArrowDown className="size-4" aria-hidden />}
          {sort.dir === 'asc' ? 'Ascending' : 'Descending'}
        </Button>
      </div>
    </div>
  );
}

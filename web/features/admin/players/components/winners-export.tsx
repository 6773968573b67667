import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { WINNERS_DEFAULT_TOP, WINNERS_MAX_TOP } from '@contracts/admin.rules';
import { Button } from '@web/ui/button';
import { Input, Label } from '@web/ui/input';
import { winnersCsvUrl } from '../api/winners-csv';

/** 'Export winners': the top N of the current board as CSV (rank, name, score, e-mail, phone, completed at). */
export function WinnersExport() {
  const id = useId();
  const [top, setTop] = useState(WINNERS_DEFAULT_TOP);
  const valid = Number.isInteger(top) && top >= 1 && top <= WINNERS_MAX_TOP;
  return (
    <div className="flex items-end gap-2">
      <div className="w-24">
        <Label htmlFor={id}>Top N</Label>
        <Input id={id} type="number" inputMode="numeric" min={1} max={WINNERS_MAX_TOP} value={Number.isNaN(top) ? '' : top} onChange={(event) => setTop(event.target.valueAsNumber)} variant="compact" />
      </div>
      <Button asChild variant="primary" aria-disabled={!valid}>
        <a href={valid ? winnersCsvUrl(top) : undefined} download>
          <Download className="size-4" aria-hidden />
          Export winners (CSV)
        </a>
      </Button>
    </div>
  );
}

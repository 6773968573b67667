import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { WINNERS_DEFAULT_TOP, WINNERS_MAX_TOP } from '@contracts/admin.rules';
import { Button } from '@web/ui/button';
import { Input, Label } from '@web/ui/input';
import { winnersCsvUrl } from '../api/winners-csv';

/** Saves `blob` as a file named `name` (a download the page started itself). */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * 'Export winners': the top N of the current board as CSV (rank, name, score, e-mail, phone, completed at in the
 * event's time zone). Fetched first, so a board emptied by a reset says so (and where its winners are) instead of
 * saving an empty file.
 */
export function WinnersExport() {
  const id = useId();
  const [top, setTop] = useState(WINNERS_DEFAULT_TOP);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const valid = Number.isInteger(top) && top >= 1 && top <= WINNERS_MAX_TOP;

  async function exportWinners() {
    if (!valid || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const response = await fetch(winnersCsvUrl(top), { credentials: 'same-origin' });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null;
        setProblem(body?.message ?? `The export failed (${response.status}).`);
        return;
      }
      save(await response.blob(), `winners-top${top}.csv`);
    } catch {
      setProblem('Network error — check your connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex items-end gap-2">
        <div className="w-24">
          <Label htmlFor={id}>Top N</Label>
          <Input
            id={id}
            type="number"
            inputMode="numeric"
            min={1}
            max={WINNERS_MAX_TOP}
            value={Number.isNaN(top) ? '' : top}
            onChange={(event) => setTop(event.target.valueAsNumber)}
            variant="compact"
          />
        </div>
        <Button variant="primary" disabled={!valid || busy} onClick={() => void exportWinners()}>
          <Download className="size-4" aria-hidden />
          {busy ? 'PLEASE WAIT...' : 'Export winners (CSV)'}
        </Button>
      </div>
      {problem ? (
        <p role="alert" data-testid="winners-export-problem" className="max-w-md text-right text-sm text-amber-200">
          {problem}{' '}
          <Link to="/admin/event" className="font-semibold text-accent underline underline-offset-4">
            Open the archived boards
          </Link>
        </p>
      ) : null}
    </div>
  );
}

import { Check, RefreshCw, X } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { GenerationItem, GenerationRun } from '@contracts/admin-challenges';
import type { ReviewDecision } from '@contracts/admin-challenges.rules';
import { cn } from '@web/lib/cn';
import { Button } from '@web/ui/button';
import { Pagination } from '@web/ui/pagination';
import { notifyError } from '@web/ui/toast';
import { useReviewGeneration } from '../api/generation';

export const REVIEW_PAGE_SIZE = 20;
const reviewLabels = { approved: 'Approved', rejected: 'Rejected' } as const;
/** Keys of the grid: A approve, R reject, G regenerate; arrows move between images. */
const decisionKeys: Record<string, ReviewDecision> = { a: 'approve', r: 'reject', g: 'regenerate' };

/**
 * The review grid: 20 generated images at a glance. Each image is one focusable tile; A approves, R rejects, G
 * regenerates the focused one, arrows move. Held runs reach players only once approved; a rejected image never does.
 */
export function ReviewGrid({ run, onReviewed }: { run: GenerationRun; onReviewed: () => void }) {
  const [page, setPage] = useState(1);
  const review = useReviewGeneration(run.id);
  const tiles = useRef<Array<HTMLLIElement | null>>([]);
  const reviewable = run.items.filter((item) => item.status === 'generated' || item.status === 'failed');
  const pageCount = Math.max(1, Math.ceil(reviewable.length / REVIEW_PAGE_SIZE));
  const shown = reviewable.slice((page - 1) * REVIEW_PAGE_SIZE, page * REVIEW_PAGE_SIZE);
  const pending = shown.filter((item) => item.status === 'generated' && item.review === null);

  const decide = (decision: ReviewDecision, items: GenerationItem[]) => {
    if (items.length === 0) return;
    review.mutate(
      { decision, itemIds: items.map((item) => item.id) },
      { onSuccess: onReviewed, onError: (error) => notifyError('Could not save the review', error.message) },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, index: number) => {
    const decision = decisionKeys[event.key.toLowerCase()];
    const item = shown[index];
    if (decision && item && !event.ctrlKey && !event.metaKey && !event.altKey) {
      if (decision !== 'regenerate' && item.status !== 'generated') return;
      event.preventDefault();
      decide(decision, [item]);
      tiles.current[Math.min(index + 1, shown.length - 1)]?.focus();
      return;
    }
    const columns = Math.max(1, Math.round((event.currentTarget.parentElement?.clientWidth ?? 1) / event.currentTarget.clientWidth));
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns };
    if (event.key in moves) {
      event.preventDefault();
      tiles.current[Math.max(0, Math.min(shown.length - 1, index + moves[event.key]))]?.focus();
    }
  };

  return (
    <section aria-labelledby="review-title" className="flex flex-col gap-3" data-testid="review-grid">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 id="review-title" className="font-display text-lg font-bold">
            Review images
          </h3>
          <p className="text-sm text-muted" id="review-help">
            {run.holdForReview
              ? 'These images reach players only once approved. '
              : 'These images are already playable: rejecting one disables it. '}
            Focus an image, then press A to approve, R to reject, G to generate it again; arrows move.{' '}
            <span className="font-semibold text-ink">{run.toReview} left to review.</span>
          </p>
        </div>
        <Button size="sm" disabled={pending.length === 0 || review.isPending} onClick={() => decide('approve', pending)}>
          <Check className="size-4" aria-hidden />
          APPROVE THE {pending.length} ON THIS PAGE
        </Button>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-5" aria-describedby="review-help">
        {shown.map((item, index) => (
          <li
            key={item.id}
            ref={(element) => {
              tiles.current[index] = element;
            }}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: each tile takes the keyboard's review keys
            tabIndex={0}
            aria-label={`${item.prompt}: ${item.status === 'failed' ? 'failed' : item.review ? reviewLabels[item.review] : 'not reviewed'}`}
            onKeyDown={(event) => onKeyDown(event, index)}
            data-review={item.review ?? 'none'}
            className={cn(
              'flex flex-col gap-2 rounded-xl border p-2 outline-none focus-visible:ring-2 focus-visible:ring-accent',
              item.review === 'approved' && 'border-success/70 bg-success/10',
              item.review === 'rejected' && 'border-danger/70 bg-danger/10 opacity-70',
              !item.review && 'border-night-600 bg-night-900',
            )}
          >
            <div className="aspect-square overflow-hidden rounded-lg bg-night-800">
              {item.imageUrl ? <img src={item.imageUrl} alt="" className="size-full object-cover" /> : null}
            </div>
            <p className="line-clamp-3 text-xs text-ink">{item.status === 'failed' ? `Failed: ${item.error}` : item.prompt}</p>
            <div className="flex flex-wrap items-center justify-between gap-1">
              <span className="text-xs font-semibold text-muted">
                {item.status === 'failed' ? 'Failed' : item.review ? reviewLabels[item.review] : 'To review'}
              </span>
              <span className="grid w-full grid-cols-3 gap-1">
                <TileButton label="Approve" disabled={item.status !== 'generated'} onClick={() => decide('approve', [item])}>
                  <Check className="size-4" aria-hidden />
                </TileButton>
                <TileButton label="Reject" disabled={item.status !== 'generated'} onClick={() => decide('reject', [item])}>
                  <X className="size-4" aria-hidden />
                </TileButton>
                <TileButton label="Generate again" onClick={() => decide('regenerate', [item])}>
                  <RefreshCw className="size-4" aria-hidden />
                </TileButton>
              </span>
            </div>
          </li>
        ))}
      </ul>
      <Pagination label="Review pages" page={page} pageCount={pageCount} onPageChange={setPage} />
    </section>
  );
}

function TileButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="grid h-11 w-full place-items-center rounded-lg border border-night-600 text-muted hover:text-ink disabled:opacity-40"
    >
      {children}
    </button>
  );
}

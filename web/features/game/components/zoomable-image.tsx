import { Maximize2 } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { cn } from '@web/lib/cn';
import { LazyBoundary } from '@web/lib/lazy-boundary';
import { lazyWithPreload } from '@web/lib/lazy-with-preload';
import { ChallengeImage } from './challenge-image';

// The dialog (Radix, ~15 kB gzip) loads when the player reaches for the image, not with the game (docs/decisions/020).
const ZoomDialog = lazyWithPreload(() => import('./zoom-dialog').then((module) => module.default));
const loadZoomDialog = () => void ZoomDialog.preload().catch(() => undefined);

/**
 * The challenge image kept compact (so the guess box fits on the first screen), tappable to view it large.
 * The image itself is the button that opens the dialog, and focus returns to it on close.
 */
export function ZoomableImage({
  src,
  alt,
  className,
  thumbnail = false,
}: {
  src: string;
  alt: string;
  className?: string;
  /** A small square (beside the guess field on a phone, where the keyboard hides the image) that opens it large. */
  thumbnail?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={cn(
          thumbnail
            ? 'relative block size-16 shrink-0 cursor-zoom-in overflow-hidden rounded-xl ring-1 ring-night-600'
            : 'group relative mx-auto block w-full cursor-zoom-in rounded-2xl',
          className,
        )}
        aria-label={thumbnail ? 'Open the image large' : 'View the image larger'}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadZoomDialog()}
        onPointerDown={() => void loadZoomDialog()}
        onFocus={() => void loadZoomDialog()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {thumbnail ? (
          <img src={src} alt="" className="size-full object-cover" decoding="async" />
        ) : (
          <ChallengeImage src={src} alt={alt} priority />
        )}
        <span
          className={cn(
            'absolute flex items-center justify-center rounded-full bg-night-950/80 text-ink ring-1 ring-night-600 transition group-hover:bg-night-800',
            thumbnail ? 'right-0.5 bottom-0.5 size-6' : 'right-2 bottom-2 size-9',
          )}
        >
          <Maximize2 className={thumbnail ? 'size-3' : 'size-4'} aria-hidden />
        </span>
      </button>
      {wanted ? (
        <LazyBoundary retry={ZoomDialog.preload} reconnecting={null}>
          <Suspense fallback={null}>
            <ZoomDialog src={src} alt={alt} open={open} onOpenChange={setOpen} returnFocus={() => trigger.current} />
          </Suspense>
        </LazyBoundary>
      ) : null}
    </>
  );
}

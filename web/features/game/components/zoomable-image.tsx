import { Maximize2 } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { cn } from '@web/lib/cn';
import { ChallengeImage } from './challenge-image';

// The dialog (Radix, ~15 kB gzip) loads when the player reaches for the image, not with the game (docs/decisions/020).
const loadZoomDialog = () => import('./zoom-dialog');
const ZoomDialog = lazy(loadZoomDialog);

/**
 * The challenge image kept compact (so the guess box fits on the first screen), tappable to view it large.
 * The image itself is the button that opens the dialog, and focus returns to it on close.
 */
export function ZoomableImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={cn('group relative mx-auto block w-full cursor-zoom-in rounded-2xl', className)}
        aria-label="View the image larger"
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
        <ChallengeImage src={src} alt={alt} priority />
        <span className="absolute right-2 bottom-2 flex size-9 items-center justify-center rounded-full bg-night-950/80 text-ink ring-1 ring-night-600 transition group-hover:bg-night-800">
          <Maximize2 className="size-4" aria-hidden />
        </span>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <ZoomDialog src={src} alt={alt} open={open} onOpenChange={setOpen} returnFocus={() => trigger.current} />
        </Suspense>
      ) : null}
    </>
  );
}

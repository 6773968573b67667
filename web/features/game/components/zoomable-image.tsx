import { Maximize2 } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@web/lib/cn';
import { Dialog, DialogContent, DialogTrigger } from '@web/ui/dialog';
import { ChallengeImage } from './challenge-image';

/**
 * The challenge image kept compact (so the guess box fits on the first screen), tappable to view it large.
 * The dialog's trigger is the image itself, so focus returns to it on close.
 */
export function ZoomableImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger
        className={cn('group relative mx-auto block w-full cursor-zoom-in rounded-2xl', className)}
        aria-label="View the image larger"
      >
        <ChallengeImage src={src} alt={alt} priority />
        <span className="absolute right-2 bottom-2 flex size-9 items-center justify-center rounded-full bg-night-950/80 text-ink ring-1 ring-night-600 transition group-hover:bg-night-800">
          <Maximize2 className="size-4" aria-hidden />
        </span>
      </DialogTrigger>
      {open ? (
        <DialogContent title="The challenge image" className="max-w-[min(calc(100vw-1rem),calc(100dvh-7rem))] p-3 pt-4">
          <ChallengeImage src={src} alt={alt} priority />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

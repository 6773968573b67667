import { Dialog, DialogContent } from '@web/ui/dialog';
import { ChallengeImage } from './challenge-image';

/** The challenge image, large (zoomable-image.tsx loads this on the first tap). */
export default function ZoomDialog({
  src,
  alt,
  open,
  onOpenChange,
  returnFocus,
}: {
  src: string;
  alt: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: () => HTMLElement | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent title="The challenge image" className="max-w-[min(calc(100vw-1rem),calc(100dvh-7rem))] p-3 pt-4" returnFocus={returnFocus}>
          <ChallengeImage src={src} alt={alt} priority />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

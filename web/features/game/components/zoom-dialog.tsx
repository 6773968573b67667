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
        <DialogContent title="The challenge image" size="image" returnFocus={returnFocus}>
          <ChallengeImage src={src} alt={alt} priority />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

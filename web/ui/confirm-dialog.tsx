import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from './dialog';

/**
 * A destructive action behind a confirmation. The trigger is the caller's button (rendered as the dialog's
 * trigger, so focus returns to it when the dialog closes); `onConfirm` runs on the confirm button and the dialog
 * stays open (busy) until the caller closes it through `open`/`onOpenChange`.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  busy,
  open,
  onOpenChange,
  onConfirm,
  children,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title={title} description={description}>
        {children}
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary" disabled={busy}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="danger" onClick={onConfirm} disabled={busy}>
            {busy ? 'PLEASE WAIT...' : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

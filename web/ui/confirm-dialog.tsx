import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@web/lib/cn';
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
        <ConfirmActions className="mt-2" variant="danger" label={confirmLabel} busy={busy} onConfirm={onConfirm} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * A confirmation's two buttons: Cancel (closes the dialog) and the action, both disabled while it runs, the action
 * also while `disabled` (e.g. until what it confirms has loaded).
 */
export function ConfirmActions({
  label,
  busy,
  disabled,
  variant,
  onConfirm,
  className,
}: {
  label: string;
  busy?: boolean;
  disabled?: boolean;
  variant?: ComponentProps<typeof Button>['variant'];
  onConfirm: () => void;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      <DialogClose asChild>
        <Button variant="secondary" disabled={busy}>
          Cancel
        </Button>
      </DialogClose>
      <Button variant={variant} onClick={onConfirm} disabled={busy || disabled}>
        {busy ? 'PLEASE WAIT...' : label}
      </Button>
    </div>
  );
}

import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;
export const DialogTrigger = DialogPrimitive.Trigger;

// Classes are joined, not merged (web/lib/cn.ts): width and padding come from `size`.
const sizes = {
  md: 'max-w-[398px] p-6',
  lg: 'max-w-lg p-6',
  // An image as large as the screen allows, little padding around it.
  image: 'max-w-[min(calc(100vw-1rem),calc(100dvh-7rem))] p-3 pt-4',
} as const;

export function DialogContent({
  title,
  description,
  children,
  className,
  size = 'md',
  returnFocus,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  size?: keyof typeof sizes;
  /**
   * For a dialog opened without a Trigger (e.g. from a button that was busy, so focus had already left it): where
   * focus goes back on close. Without it, Radix returns focus to the trigger, or to what was focused on open.
   */
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/70 backdrop-blur-sm" />
      <DialogPrimitive.Content
        onCloseAutoFocus={(event) => {
          const target = returnFocus?.();
          if (target?.isConnected && !(target as HTMLButtonElement).disabled) {
            event.preventDefault();
            target.focus();
          }
        }}
        className={cn(
          'fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-night-700 bg-night-900 shadow-2xl focus:outline-none',
          sizes[size],
          className,
        )}
      >
        <DialogPrimitive.Title className="pr-8 font-display text-xl font-bold">{title}</DialogPrimitive.Title>
        {description ? (
          <DialogPrimitive.Description className="mt-1 text-sm text-muted">{description}</DialogPrimitive.Description>
        ) : (
          <DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
        )}
        <div className="mt-5">{children}</div>
        <DialogPrimitive.Close className="absolute right-4 top-4 rounded-lg p-1 text-muted hover:text-ink" aria-label="Close">
          <X className="size-5" aria-hidden />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

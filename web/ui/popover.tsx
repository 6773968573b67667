import * as PopoverPrimitive from '@radix-ui/react-popover';
import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;

export function PopoverContent({
  children,
  className,
  align = 'end',
  label,
}: {
  children: ReactNode;
  className?: string;
  align?: 'start' | 'center' | 'end';
  /** The popover's accessible name (it is a dialog to assistive technology). */
  label: string;
}) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        align={align}
        aria-label={label}
        sideOffset={8}
        className={cn('z-50 w-72 rounded-2xl border border-night-700 bg-night-900 p-4 shadow-2xl focus:outline-none', className)}
      >
        {children}
      </PopoverPrimitive.Content>
    </PopoverPrimitive.Portal>
  );
}

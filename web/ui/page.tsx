import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';

/** The mobile-first content column: at most 430 px wide, centred on wide screens. */
export function PageColumn({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('mx-auto flex min-h-dvh w-full max-w-[430px] flex-col px-4 pb-6', className)}>{children}</div>;
}

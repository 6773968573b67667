import type { HTMLAttributes } from 'react';
import { cn } from '@web/lib/cn';

// Classes are joined, not merged (web/lib/cn.ts): set padding, border colour and background through these props.
const paddings = { sm: 'p-4', md: 'p-5', lg: 'p-6' } as const;
const tones = {
  default: 'border-night-700 bg-night-900/80',
  // Highlighted: an accent border (the game's START card).
  accent: 'border-accent/40 bg-night-900/80',
  // The leader's card: a glow border and a gradient instead of the plain fill.
  glow: 'border-glow/40 bg-gradient-to-br from-night-900/90 to-accent-strong/10',
} as const;

export function Card({
  className,
  padding = 'md',
  tone = 'default',
  ...props
}: HTMLAttributes<HTMLElement> & { padding?: keyof typeof paddings; tone?: keyof typeof tones }) {
  return (
    <section
      className={cn('rounded-2xl border shadow-xl shadow-black/20 backdrop-blur', paddings[padding], tones[tone], className)}
      {...props}
    />
  );
}

export function CardTitle({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return <h2 className={cn('font-display text-lg font-bold text-ink', className)} {...props} />;
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn('mt-1 text-sm text-muted', className)} {...props} />;
}

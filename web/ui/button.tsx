import { Slot } from '@radix-ui/react-slot';
import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@web/lib/cn';

const variants = {
  // Disabled (and busy, e.g. 'PLEASE WAIT...') stays readable: a flat fill with light text, not a faded gradient.
  primary:
    'bg-gradient-to-r from-cta-from to-cta-to text-white shadow-lg shadow-accent-strong/25 hover:brightness-110 disabled:bg-none disabled:bg-night-600 disabled:text-ink/85 disabled:shadow-none disabled:hover:brightness-100',
  secondary: 'bg-night-700 text-ink hover:bg-night-600 disabled:opacity-50',
  outline: 'border border-night-600 bg-transparent text-ink hover:bg-night-800 disabled:opacity-50',
  danger: 'bg-red-700 text-white hover:bg-red-600 disabled:opacity-60',
  ghost: 'bg-transparent text-muted hover:text-ink hover:bg-night-800 disabled:opacity-50',
  // Text-sized, but still a 44 px tall tap target.
  link: 'min-h-11 bg-transparent px-2 text-accent underline-offset-4 hover:underline',
} as const;

const sizes = { sm: 'h-9 px-3 text-sm', md: 'h-11 px-5 text-sm', lg: 'h-13 px-6 text-base' } as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child element (e.g. a router Link) with button styling. */
  asChild?: boolean;
}

export function Button({ variant = 'primary', size = 'md', asChild, className, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-xl font-semibold tracking-wide transition disabled:cursor-not-allowed',
        variants[variant],
        variant === 'link' ? '' : sizes[size],
        className,
      )}
      {...props}
    />
  );
}

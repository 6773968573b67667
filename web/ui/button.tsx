import { Slot } from '@radix-ui/react-slot';
import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@web/lib/cn';

// Classes are joined, not merged (web/lib/cn.ts): a caller's className must not set what these set (colour,
// background, height, padding, gap, font size, weight, letter-spacing). Pick a variant, size or tracking instead.
const variants = {
  // Disabled (and busy, e.g. 'PLEASE WAIT...') stays readable: a flat fill with light text, not a faded gradient.
  primary:
    'bg-gradient-to-r from-cta-from to-cta-to text-white shadow-lg shadow-accent-strong/25 hover:brightness-110 disabled:bg-none disabled:bg-night-600 disabled:text-ink/85 disabled:shadow-none disabled:hover:brightness-100',
  secondary: 'bg-night-700 text-ink hover:bg-night-600 disabled:opacity-50',
  // No background of its own (a button's is transparent), so a caller may tint it.
  outline: 'border border-night-600 text-ink hover:bg-night-800 disabled:opacity-50',
  danger: 'bg-red-700 text-white hover:bg-red-600 disabled:opacity-60',
  ghost: 'bg-transparent text-muted hover:text-ink hover:bg-night-800 disabled:opacity-50',
  // A ghost button at full text strength (a back button that heads its page).
  'ghost-ink': 'bg-transparent text-ink hover:bg-night-800 disabled:opacity-50',
  // A ghost button that turns red on hover (delete, among other ghost icon buttons).
  'ghost-danger': 'bg-transparent text-muted hover:text-danger hover:bg-night-800 disabled:opacity-50',
  // Text-sized, but still a 44 px tall tap target.
  link: 'min-h-11 gap-2 bg-transparent px-2 text-accent underline-offset-4 hover:underline',
  // A quieter link: regular weight, muted, small (e.g. 'Forgot password?').
  'muted-link': 'min-h-11 gap-2 bg-transparent px-2 text-sm text-muted underline-offset-4 hover:text-ink hover:underline',
} as const;

const sizes = {
  sm: 'h-9 gap-2 px-3 text-sm',
  md: 'h-11 gap-2 px-5 text-sm',
  lg: 'h-13 gap-2 px-6 text-base',
  // A square 44 px button for an icon.
  icon: 'size-11 gap-2 text-sm',
  // Little side padding: a header's back link (md), two buttons side by side in a narrow dialog (lg).
  'md-tight': 'h-11 gap-2 px-2 text-sm',
  'lg-tight': 'h-13 gap-1.5 px-2 text-sm',
} as const;

const isLink = (variant: keyof typeof variants) => variant === 'link' || variant === 'muted-link';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  /** Ignored by the link variants (they are text-sized). */
  size?: keyof typeof sizes;
  /** Letter-spacing: wide (the default), or normal for a label that must fit a narrow box or sits in a sentence. */
  tracking?: 'wide' | 'normal';
  /** Render the child element (e.g. a router Link) with button styling. */
  asChild?: boolean;
}

export function Button({ variant = 'primary', size = 'md', tracking = 'wide', asChild, className, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(
        'inline-flex items-center justify-center rounded-xl transition disabled:cursor-not-allowed',
        variant === 'muted-link'
          ? 'font-normal tracking-normal'
          : ['font-semibold', tracking === 'normal' ? 'tracking-normal' : 'tracking-wide'],
        variants[variant],
        isLink(variant) ? '' : sizes[size],
        className,
      )}
      {...props}
    />
  );
}

import * as LabelPrimitive from '@radix-ui/react-label';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@web/lib/cn';

// Classes are joined, not merged (web/lib/cn.ts): height, padding, margins and font size come from the `variant`
// (and `spacing`) props, never from a caller's className.
const fieldClass =
  'w-full rounded-xl border border-night-600 bg-night-950/70 px-4 text-ink placeholder:text-muted/70 focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/40 disabled:opacity-60 aria-[invalid=true]:border-danger';

const inputVariants = {
  default: 'h-12 text-base',
  // A field in a row of buttons of the default height (the console's forms).
  compact: 'h-11 text-base',
  // A one-time code: large, monospaced, spaced digits.
  code: 'h-12 text-center font-mono text-2xl tracking-[0.4em] placeholder:tracking-[0.4em]',
} as const;

export function Input({ className, variant = 'default', ...props }: ComponentProps<'input'> & { variant?: keyof typeof inputVariants }) {
  return <input className={cn(fieldClass, inputVariants[variant], className)} {...props} />;
}

// compact: the game's guess box, which must fit on the first screen with the image.
const textareaVariants = { default: 'min-h-24 py-3', compact: 'min-h-18 py-2.5' } as const;

export function Textarea({
  className,
  variant = 'default',
  ...props
}: ComponentProps<'textarea'> & { variant?: keyof typeof textareaVariants }) {
  return <textarea className={cn(fieldClass, 'resize-none text-base', textareaVariants[variant], className)} {...props} />;
}

const labelVariants = { default: 'mb-1.5 text-sm', compact: 'mb-1 text-[13px]' } as const;

export function Label({
  className,
  variant = 'default',
  ...props
}: ComponentProps<typeof LabelPrimitive.Root> & { variant?: keyof typeof labelVariants }) {
  return <LabelPrimitive.Root className={cn('block font-medium text-ink', labelVariants[variant], className)} {...props} />;
}

/**
 * A short line under a field: a hint, or an error (announced to screen readers). `spacing="none"` drops its top
 * margin, for a caller that places it itself.
 */
export function FieldMessage({
  error,
  spacing = 'field',
  className,
  ...props
}: { error?: boolean; spacing?: 'field' | 'none' } & React.HTMLAttributes<HTMLParagraphElement>) {
  return (
    <p
      role={error ? 'alert' : undefined}
      className={cn('text-xs', spacing === 'field' && 'mt-1.5', error ? 'text-danger' : 'text-muted', className)}
      {...props}
    />
  );
}

/** A labelled input with its error (announced) or hint beneath, wired together for screen readers. */
export function TextField({
  id,
  label,
  error,
  hint,
  ...inputProps
}: { id: string; label: ReactNode; error?: string | null; hint?: ReactNode } & ComponentProps<typeof Input>) {
  const messageId = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={messageId} {...inputProps} />
      {error ? (
        <FieldMessage error id={messageId}>
          {error}
        </FieldMessage>
      ) : hint ? (
        <FieldMessage id={messageId}>{hint}</FieldMessage>
      ) : null}
    </div>
  );
}

import * as LabelPrimitive from '@radix-ui/react-label';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@web/lib/cn';

const fieldClass =
  'w-full rounded-xl border border-night-600 bg-night-950/70 px-4 text-base text-ink placeholder:text-muted/70 focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/40 disabled:opacity-60 aria-[invalid=true]:border-danger';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(fieldClass, 'h-12', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldClass, 'min-h-24 resize-none py-3', className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return <LabelPrimitive.Root className={cn('mb-1.5 block text-sm font-medium text-ink', className)} {...props} />;
}

/** A short line under a field: a hint, or an error (announced to screen readers). */
export function FieldMessage({ error, className, ...props }: { error?: boolean } & React.HTMLAttributes<HTMLParagraphElement>) {
  return <p role={error ? 'alert' : undefined} className={cn('mt-1.5 text-xs', error ? 'text-danger' : 'text-muted', className)} {...props} />;
}

/** A labelled input with its error (announced) or hint beneath, wired together for screen readers. */
export function TextField({ id, label, error, hint, ...inputProps }: { id: string; label: ReactNode; error?: string | null; hint?: ReactNode } & ComponentProps<'input'>) {
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

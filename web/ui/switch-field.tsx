import { useId, type ReactNode } from 'react';
import { cn } from '@web/lib/cn';

/** An on/off setting: a native checkbox with the switch role, its label and a hint, the whole row a 44 px target. */
export function SwitchField({
  label,
  hint,
  checked,
  disabled,
  onCheckedChange,
}: {
  label: string;
  hint?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
            {hint}
          </p>
        ) : null}
      </div>
      <span className="relative inline-flex h-11 w-16 shrink-0 items-center">
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-checked={checked}
          aria-describedby={hint ? `${id}-hint` : undefined}
          checked={checked}
          disabled={disabled}
          onChange={(event) => onCheckedChange(event.target.checked)}
          className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        />
        <span
          aria-hidden
          className={cn(
            'h-7 w-14 rounded-full border transition peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent peer-disabled:opacity-50',
            checked ? 'border-accent bg-accent-strong' : 'border-night-600 bg-night-800',
          )}
        />
        <span
          aria-hidden
          className={cn(
            'absolute top-1/2 size-5 -translate-y-1/2 rounded-full bg-white shadow transition-all',
            checked ? 'left-8' : 'left-1.5',
          )}
        />
      </span>
    </div>
  );
}

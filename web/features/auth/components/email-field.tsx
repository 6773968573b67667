import type { KeyboardEvent, Ref } from 'react';
import { TextField } from '@web/ui/input';

/** The e-mail field of the auth forms: the right keyboard, no autocorrect, the error or hint wired up. */
export function EmailField({
  ref,
  id,
  value,
  onChange,
  error,
  readOnly,
  autoComplete = 'username',
  onEnter,
}: {
  ref?: Ref<HTMLInputElement>;
  id: string;
  value: string;
  onChange: (email: string) => void;
  error?: string | null;
  readOnly?: boolean;
  /** 'email' when signing up (a new address), 'username' when it identifies an existing account. */
  autoComplete?: 'email' | 'username';
  /** The keyboard's Enter ("Next") on this field: e.g. move on to the password instead of submitting half a form. */
  onEnter?: (event: KeyboardEvent<HTMLInputElement>) => void;
}) {
  return (
    <TextField
      ref={ref}
      id={id}
      label="Email"
      name="email"
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      autoCapitalize="none"
      spellCheck={false}
      placeholder="you@example.com"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      readOnly={readOnly}
      enterKeyHint={onEnter ? 'next' : undefined}
      onKeyDown={onEnter ? (event) => event.key === 'Enter' && onEnter(event) : undefined}
    />
  );
}

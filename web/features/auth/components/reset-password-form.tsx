import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@contracts/paths';
import { authClient } from '@web/lib/auth-client';
import { Button } from '@web/ui/button';
import { TextField } from '@web/ui/input';
import { notifyError, notifySuccess } from '@web/ui/toast';
import { authErrorMessage, passwordError } from '../auth-validation';

/** Sets a new password with the token from the reset e-mail, then sends the player to sign in with it. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const error = submitted ? passwordError(password) : undefined;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (passwordError(password)) return passwordRef.current?.focus();
    setBusy(true);
    const result = await authClient.resetPassword({ newPassword: password, token });
    setBusy(false);
    if (result.error?.code === 'INVALID_TOKEN') return navigate(`${paths.resetPassword}?error=INVALID_TOKEN`, { replace: true });
    if (result.error) return notifyError('Authentication Error', authErrorMessage(result.error));
    notifySuccess('Password updated', 'You can now sign in with your new password.');
    navigate(paths.auth, { replace: true });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-busy={isBusy}>
      <TextField
        ref={passwordRef}
        id="reset-password"
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        placeholder="At least 6 characters"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={error}
        hint="Use at least 6 characters. This signs you out on every device."
        readOnly={isBusy}
      />
      <Button type="submit" size="lg" className="w-full" disabled={isBusy}>
        {isBusy ? 'PLEASE WAIT...' : 'SET NEW PASSWORD'}
      </Button>
    </form>
  );
}

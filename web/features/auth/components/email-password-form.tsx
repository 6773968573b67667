import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@contracts/paths';
import { authClient } from '@web/lib/auth-client';
import { refreshSession } from '@web/lib/session';
import { Button } from '@web/ui/button';
import { TextField } from '@web/ui/input';
import { notifyError, notifySuccess } from '@web/ui/toast';
import { MAIL_LINK_CALLBACK } from '../api/verify-email-code';
import { authErrorMessage, emailError, passwordError } from '../auth-validation';
import { EmailField } from './email-field';

export type SignMode = 'sign-in' | 'sign-up';

interface Props {
  mode: SignMode;
  email: string;
  onEmailChange: (email: string) => void;
  /** After a successful sign-up the screen goes back to sign-in (SPEC 3) and offers the mailed code. */
  onSignedUp: (email: string) => void;
  /** Sign-in was refused because the address is not verified yet: the screen offers the code and a resend. */
  onUnverified: (email: string) => void;
  onBusyChange: (busy: boolean) => void;
}

/** The e-mail + password form of /auth, in sign-in or sign-up mode. */
export function EmailPasswordForm({ mode, email, onEmailChange, onSignedUp, onUnverified, onBusyChange }: Props) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [isBusy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const errors = submitted ? { email: emailError(email), password: passwordError(password) } : {};

  function setBusyState(busy: boolean) {
    setBusy(busy);
    onBusyChange(busy);
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const invalidEmail = emailError(email);
    if (invalidEmail || passwordError(password)) {
      (invalidEmail ? emailRef : passwordRef).current?.focus();
      return;
    }
    const address = email.trim();
    setBusyState(true);
    if (mode === 'sign-up') {
      const { error } = await authClient.signUp.email({ email: address, password, name: '', callbackURL: MAIL_LINK_CALLBACK });
      setBusyState(false);
      if (error) return notifyError('Authentication Error', authErrorMessage(error));
      notifySuccess('Check your email!', "We've sent you a confirmation link. Please check your email and click the link to activate your account.");
      setPassword('');
      setSubmitted(false);
      onSignedUp(address);
      return;
    }
    // No callbackURL here: with one, better-auth's client reloads the page itself and the welcome toast is lost.
    const { error } = await authClient.signIn.email({ email: address, password });
    setBusyState(false);
    if (error) {
      if (error.code === 'EMAIL_NOT_VERIFIED' || error.status === 403) onUnverified(address);
      return notifyError('Authentication Error', authErrorMessage(error));
    }
    notifySuccess('Welcome back!', "You've successfully signed in.");
    // Ask for the new session now: /play's guard then waits for it ('Loading...') instead of seeing the old answer.
    void refreshSession();
    navigate(paths.play, { replace: true });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-busy={isBusy}>
      <EmailField
        ref={emailRef}
        id="auth-email"
        autoComplete={mode === 'sign-up' ? 'email' : 'username'}
        value={email}
        onChange={onEmailChange}
        error={errors.email}
        readOnly={isBusy}
      />
      <TextField
        ref={passwordRef}
        id="auth-password"
        label="Password"
        name="password"
        type="password"
        autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
        placeholder={mode === 'sign-up' ? 'At least 6 characters' : 'Your password'}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        hint={mode === 'sign-up' ? 'Use at least 6 characters.' : undefined}
        readOnly={isBusy}
      />
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={isBusy}>
        {isBusy ? 'PLEASE WAIT...' : mode === 'sign-in' ? 'SIGN IN' : 'SIGN UP'}
      </Button>
    </form>
  );
}

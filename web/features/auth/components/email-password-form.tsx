import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@contracts/paths';
import { homeOf } from '../home-of';
import { authClient } from '@web/lib/auth-client';
import { refreshSession } from '@web/lib/session';
import { useRunning } from '@web/lib/use-running';
import { Button } from '@web/ui/button';
import { TextField } from '@web/ui/input';
import { notifyError, notifySuccess } from '@web/ui/toast';
import { MAIL_LINK_CALLBACK } from '../api/verify-email-code';
import { authErrorMessage, emailError, passwordError } from '../auth-validation';
import { markStartNow } from '../play-navigation';
import { EmailField } from './email-field';

export type SignMode = 'sign-in' | 'sign-up';

interface Props {
  mode: SignMode;
  email: string;
  onEmailChange: (email: string) => void;
  /** After a successful sign-up the screen goes back to sign-in and offers the mailed code. */
  onSignedUp: (email: string) => void;
  /** Sign-in was refused (perhaps because the address is not verified yet): the screen offers the code and a resend. */
  onUnverified: (email: string) => void;
  onBusyChange: (busy: boolean) => void;
}

/** The e-mail + password form of /auth, in sign-in or sign-up mode. */
export function EmailPasswordForm({ mode, email, onEmailChange, onSignedUp, onUnverified, onBusyChange }: Props) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [isBusy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  // The pre-rendered /auth arrives with its submit button disabled, and it stays so until this form runs (React has
  // taken the markup over): a tap before then would submit the bare HTML form, a page load to nowhere that loses what
  // was typed. A disabled default button also stops the Enter key's submission. What was typed meanwhile is kept
  // (web/lib/typed-before-mount.ts).
  const running = useRunning();
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
      const { data, error } = await authClient.signUp.email({ email: address, password, name: '', callbackURL: MAIL_LINK_CALLBACK });
      setBusyState(false);
      if (error) return notifyError('Authentication Error', authErrorMessage(error));
      if (data?.token) {
        // The event lets players start before confirming (docs/decisions/039): signed in already, straight to the
        // game, which opens the first challenge by itself. The code is asked for on the complete screen.
        markStartNow();
        void refreshSession();
        navigate(paths.play, { replace: true });
        return;
      }
      notifySuccess(
        'Check your email!',
        "We've sent you a confirmation link. Please check your email and click the link to activate your account.",
      );
      setPassword('');
      setSubmitted(false);
      onSignedUp(address);
      return;
    }
    // No callbackURL here: with one, better-auth's client reloads the page itself and the welcome toast is lost.
    const { data, error } = await authClient.signIn.email({ email: address, password });
    setBusyState(false);
    if (error) {
      // A refused sign-in never says whether the address is unconfirmed (the server answers every refusal alike);
      // the code panel is offered anyway, since the right password on an unconfirmed address mails a new code.
      if (error.status === 401 || error.status === 403) onUnverified(address);
      return notifyError('Authentication Error', authErrorMessage(error));
    }
    notifySuccess('Welcome back!', "You've successfully signed in.");
    // Ask for the new session now: /play's guard then waits for it ('Loading...') instead of seeing the old answer.
    void refreshSession();
    // Organizers run the event from the console; players go to the game.
    navigate(homeOf(data?.user), { replace: true });
  }

  return (
    // method="post": a tap on the pre-rendered form before the app's script runs must not put the password in a URL
    // (a form's default is a GET with its fields in the query string, into history and access logs).
    <form method="post" noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-busy={isBusy}>
      <EmailField
        ref={emailRef}
        id="auth-email"
        autoComplete={mode === 'sign-up' ? 'email' : 'username'}
        value={email}
        onChange={onEmailChange}
        error={errors.email}
        readOnly={isBusy}
        // Enter on the e-mail moves on to the password while it is empty (the phone keyboard's "Next").
        onEnter={(event) => {
          if (password) return;
          event.preventDefault();
          passwordRef.current?.focus();
        }}
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
        enterKeyHint="go"
      />
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={isBusy || !running}>
        {isBusy ? 'PLEASE WAIT...' : mode === 'sign-in' ? 'SIGN IN' : 'SIGN UP'}
      </Button>
    </form>
  );
}

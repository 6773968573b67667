import { useState } from 'react';
import { paths } from '@contracts/paths';
import { authClient } from '@web/lib/auth-client';
import { notifyError } from '@web/ui/toast';

/**
 * Signs out everywhere (the server ends all of the player's sessions), then loads /auth afresh.
 * A full load rather than a client-side navigation: it drops every in-memory copy of the player's data at once
 * (query cache, better-auth's session store), where a client-side hop raced the session store and bounced back
 * to /play for a moment. The app's assets are cached, so this costs one small HTML request.
 */
export function useSignOut() {
  const [isSigningOut, setSigningOut] = useState(false);
  async function signOut() {
    setSigningOut(true);
    const { error } = await authClient.signOut();
    if (error) {
      setSigningOut(false);
      notifyError('Sign out failed', error.message ?? 'Please try again.');
      return;
    }
    window.location.replace(paths.auth);
  }
  return { signOut, isSigningOut };
}

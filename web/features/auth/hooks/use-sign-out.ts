import { useEffect, useState } from 'react';
import { paths } from '@contracts/paths';
import { tellOtherTabs } from '@web/lib/session';
import { notifyError } from '@web/ui/toast';

// better-auth's client is not part of /play's first load (docs/decisions/025): it loads when the account menu opens.
const loadAuthClient = () => import('@web/lib/auth-client');

/**
 * Signs out everywhere (the server ends all of the player's sessions), then loads /auth afresh.
 * A full load rather than a client-side navigation: it drops every in-memory copy of the player's data at once
 * (query cache, the session store), where a client-side hop raced the session store and bounced back
 * to /play for a moment. The app's assets are cached, so this costs one small HTML request.
 */
export function useSignOut() {
  const [isSigningOut, setSigningOut] = useState(false);
  useEffect(() => {
    loadAuthClient().catch(() => undefined);
  }, []);
  async function signOut() {
    setSigningOut(true);
    const { error } = await loadAuthClient().then(
      ({ authClient }) => authClient.signOut(),
      () => ({ error: { message: 'Network error — check your connection and try again.' } }),
    );
    if (error) {
      setSigningOut(false);
      notifyError('Sign out failed', error.message ?? 'Please try again.');
      return;
    }
    tellOtherTabs('signout');
    window.location.replace(paths.auth);
  }
  return { signOut, isSigningOut };
}

import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@contracts/paths';
import { authClient } from '@web/lib/auth-client';
import { queryClient } from '@web/lib/query-client';
import { notifyError } from '@web/ui/toast';

/** Signs out everywhere (the server ends all of the player's sessions), forgets cached player data, goes to /auth. */
export function useSignOut() {
  const navigate = useNavigate();
  const [isSigningOut, setSigningOut] = useState(false);
  async function signOut() {
    setSigningOut(true);
    const { error } = await authClient.signOut();
    setSigningOut(false);
    if (error) {
      notifyError('Sign out failed', error.message ?? 'Please try again.');
      return;
    }
    queryClient.clear();
    navigate(paths.auth, { replace: true });
  }
  return { signOut, isSigningOut };
}

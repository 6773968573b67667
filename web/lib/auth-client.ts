import { createAuthClient } from 'better-auth/react';

/** better-auth's client, same origin: cookies only, no tokens in JS. It syncs sign-in/out across tabs itself. */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  sessionOptions: {
    // Re-checking the session while the player is active also slides its expiry forward on the server.
    refetchInterval: 5 * 60,
    refetchOnWindowFocus: true,
  },
});

/** Google sign-in via better-auth's generic OAuth (OpenID Connect) endpoint: the server answers with the issuer's URL. */
export async function startGoogleSignIn(): Promise<void> {
  const { data, error } = await authClient.$fetch<{ url: string }>('/sign-in/oauth2', {
    method: 'POST',
    body: { providerId: 'google', callbackURL: '/play', errorCallbackURL: '/auth' },
  });
  if (error || !data?.url) throw new Error(error?.message ?? 'Google sign-in is not available right now.');
  window.location.assign(data.url);
}

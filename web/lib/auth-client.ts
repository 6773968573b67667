import { emailOTPClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/** better-auth's client, same origin: cookies only, no tokens in JS. It syncs sign-in/out across tabs itself. */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  // The verification mail's code (POST /email-otp/verify-email); the plugin refreshes the session after it.
  plugins: [emailOTPClient()],
  sessionOptions: {
    // Re-checking the session while the player is active also slides its expiry forward on the server.
    refetchInterval: 5 * 60,
    refetchOnWindowFocus: true,
  },
});

/**
 * Google sign-in (OpenID Connect through better-auth's generic OAuth provider 'google', which it serves on the
 * social sign-in endpoint): the client follows the issuer URL the server answers with.
 */
export async function startGoogleSignIn(): Promise<void> {
  const { error } = await authClient.signIn.social({ provider: 'google', callbackURL: '/play', errorCallbackURL: '/auth' });
  if (error) throw new Error(error.message ?? 'Google sign-in is not available right now.');
}

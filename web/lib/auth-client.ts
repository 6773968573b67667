import { emailOTPClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { fetchWithProof } from './proof-of-work';
import { refreshSession } from './session';
import { apiPaths } from '@contracts/api-paths';

/**
 * better-auth's client, same origin: cookies only, no tokens in JS. Loaded by the pages that sign in, and on sign-out;
 * the pages' guards read the session without it (./session.ts, docs/decisions/025). Its sign-out tells other tabs.
 */
export const authClient = createAuthClient({
  basePath: apiPaths.auth,
  // A busy venue network: calls carry a proof of work when the server asks for one (docs/decisions/032).
  fetchOptions: { customFetchImpl: fetchWithProof },
  // The verification mail's code (POST /email-otp/verify-email); the plugin raises the session signal after it.
  plugins: [emailOTPClient()],
});

// Whatever changes the session through this client (sign-in, sign-up, a verified code, sign-out) raises better-auth's
// session signal: the guards' store asks again. `listen`, not `subscribe`: no call for the current value.
authClient.$store.atoms.$sessionSignal.listen(() => void refreshSession());

/**
 * Google sign-in (OpenID Connect through better-auth's generic OAuth provider 'google', which it serves on the
 * social sign-in endpoint): the client follows the issuer URL the server answers with.
 */
export async function startGoogleSignIn(): Promise<void> {
  const { error } = await authClient.signIn.social({ provider: 'google', callbackURL: '/play', errorCallbackURL: '/auth' });
  if (error) throw new Error(error.message ?? 'Google sign-in is not available right now.');
}

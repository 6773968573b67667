/**
 * What the server said about a pre-rendered page (server/spa/web.routes.ts writes these on `#root`): `/auth` arrives as
 * the sign-in form when the request carried no session cookie, so nobody is signed in in this tab and the session's
 * state is known before any check ('Loading...' is only for an unknown state); and whether Google sign-in was
 * offered in the markup. Read once, before the first render.
 */
const root = typeof document === 'undefined' ? null : document.getElementById('root');

export const prerendered = {
  /** The server saw no session cookie on this page's request. */
  guest: root?.dataset.guest !== undefined,
  /** Google sign-in was configured when the server answered (until /api/config says so itself). */
  googleEnabled: root?.dataset.google === 'true',
};

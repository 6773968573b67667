import { OAuth2Server } from 'oauth2-mock-server';
import type { IncomingMessage } from 'node:http';

/** Who signs in when the authorize request carries no login_hint. */
export const DEFAULT_GOOGLE_USER = { email: 'ada.lovelace@gmail.test', name: 'Ada Lovelace' };

export interface OidcIssuer {
  url: string;
  stop(): Promise<void>;
}

/**
 * A real OpenID Connect issuer on localhost (discovery, JWKS, authorize, token, userinfo) standing in for
 * Google. It signs in DEFAULT_GOOGLE_USER, or whoever the authorize request names in `login_hint`
 * (their name is derived from the address), with email_verified set as Google does.
 */
export async function startOidcIssuer(port = 0): Promise<OidcIssuer> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  const identityByCode = new Map<string, { email: string; name: string }>();

  server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: IncomingMessage) => {
    const hint = new URL(req.url ?? '/', 'http://issuer').searchParams.get('login_hint');
    const code = redirect.url.searchParams.get('code');
    if (code) identityByCode.set(code, hint ? { email: hint, name: nameFromEmail(hint) } : DEFAULT_GOOGLE_USER);
  });
  server.service.on(
    'beforeTokenSigning',
    (token: { payload: Record<string, unknown> }, req: IncomingMessage & { body?: Record<string, string> }) => {
      const code = req.body?.code;
      const identity = (code && identityByCode.get(code)) || DEFAULT_GOOGLE_USER;
      Object.assign(token.payload, { sub: `google-${identity.email}`, email: identity.email, email_verified: true, name: identity.name });
    },
  );
  server.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }) => {
    // Only reached when the ID token lacks an e-mail; answer consistently anyway.
    response.body = { ...response.body, email: DEFAULT_GOOGLE_USER.email, email_verified: true, name: DEFAULT_GOOGLE_USER.name };
  });

  await server.start(port, '127.0.0.1');
  return {
    url: server.issuer.url!.replace(/\/$/, ''),
    stop: () => server.stop(),
  };
}

function nameFromEmail(email: string): string {
  return email
    .split('@')[0]
    .split(/[._-]/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join(' ');
}

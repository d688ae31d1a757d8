// A local OpenID Connect provider (oauth2-mock-server) that signs in one configurable person.
import { OAuth2Server } from 'oauth2-mock-server';

export interface OidcProvider {
  discoveryUrl: string;
  issuer: string;
  setUser(user: { sub: string; email: string; name: string }): void;
  stop(): Promise<void>;
}

export async function startOidcProvider(): Promise<OidcProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  let user = { sub: 'oidc-user-1', email: 'oidc.user@example.com', name: 'Oidc User' };
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, { sub: user.sub, email: user.email, email_verified: true, name: user.name });
  });
  server.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }) => {
    response.body = { sub: user.sub, email: user.email, email_verified: true, name: user.name };
  });
  await server.start(0, '127.0.0.1');
  const issuer = server.issuer.url ?? '';
  return {
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    issuer,
    setUser: (next) => {
      user = next;
    },
    stop: () => server.stop(),
  };
}

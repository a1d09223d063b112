import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import Provider from 'oidc-provider';

/**
 * Local stand-ins for the two social sign-in providers, on 127.0.0.1 only:
 * - a real OpenID Connect provider (oidc-provider with its dev login and consent pages) for Apple;
 * - a JWKS endpoint and an ID-token signer for Google (what https://www.googleapis.com/oauth2/v3/certs serves).
 */

async function listenLocal(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/** One account of the local OpenID provider; its dev login page takes the key as "login" (any password). */
export interface OidcPerson {
  email: string;
  given_name: string;
  family_name: string;
}

export interface LocalOidcProvider {
  /** http://127.0.0.1:{port}: known before the provider answers, so the app can be configured with it. */
  issuer: string;
  /** Starts answering (503 until then) for one confidential client allowed to redirect to redirectUri. */
  start(redirectUri: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Listens at once (the app's config needs the issuer) and answers once start() knows the client's
 * redirect URI (the app's origin is only known after the app listens).
 */
export async function listenOidcProvider(options: {
  clientId: string;
  clientSecret: string;
  people: Record<string, OidcPerson>;
}): Promise<LocalOidcProvider> {
  let handler: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.writeHead(503).end();
  };
  const server = createServer((request, response) => handler(request, response));
  const issuer = `http://127.0.0.1:${await listenLocal(server)}`;
  return {
    issuer,
    async start(redirectUri) {
      const { privateKey } = await generateKeyPair('RS256', { extractable: true });
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: options.clientId,
            client_secret: options.clientSecret,
            redirect_uris: [redirectUri],
            response_types: ['code'],
            grant_types: ['authorization_code'],
            token_endpoint_auth_method: 'client_secret_post',
          },
        ],
        jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'provider-key', alg: 'RS256', use: 'sig' }] },
        cookies: { keys: ['oidc-provider-test-cookie-key-0123456789'] },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
        // Like Apple: the ID token itself carries the email.
        conformIdTokenClaims: false,
        features: { devInteractions: { enabled: true } },
        ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
        findAccount: (_ctx, id) => {
          const person = options.people[id];
          if (!person) return undefined;
          return { accountId: id, claims: () => ({ sub: id, email_verified: true, ...person }) };
        },
      });
      handler = provider.callback();
    },
    close: () => closeServer(server),
  };
}

export interface IdTokenOptions {
  sub: string;
  email: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
  picture?: string;
  /** Defaults to the JWKS's audience and issuer. */
  audience?: string;
  issuer?: string;
  /** Seconds since the epoch; one hour ahead by default. */
  expiresAt?: number;
  /** Another key signs (under the published key id) when given. */
  key?: CryptoKey;
}

export interface LocalJwks {
  /** The URL to give the app as GOOGLE_JWKS_URL. */
  jwksUrl: string;
  /** An RS256 ID token signed with the published key (unless options.key says otherwise). */
  signIdToken(options: IdTokenOptions): Promise<string>;
  close(): Promise<void>;
}

/** A JWKS endpoint with one RS256 key at /certs, and the signer of Google-style ID tokens for it. */
export async function startLocalJwks(defaults: { issuer: string; audience: string }): Promise<LocalJwks> {
  const kid = 'test-key-1';
  const pair = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' };
  const server = createServer((request, response) => {
    if (request.url === '/certs') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    } else {
      response.writeHead(404).end();
    }
  });
  const port = await listenLocal(server);
  return {
    jwksUrl: `http://127.0.0.1:${port}/certs`,
    signIdToken(options) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        email: options.email,
        email_verified: options.emailVerified ?? true,
        ...(options.givenName !== undefined && { given_name: options.givenName }),
        ...(options.familyName !== undefined && { family_name: options.familyName }),
        ...(options.picture !== undefined && { picture: options.picture }),
      })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setSubject(options.sub)
        .setIssuer(options.issuer ?? defaults.issuer)
        .setAudience(options.audience ?? defaults.audience)
        .setIssuedAt(now - 60)
        .setExpirationTime(options.expiresAt ?? now + 3600)
        .sign(options.key ?? pair.privateKey);
    },
    close: () => closeServer(server),
  };
}

import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import * as oidc from 'openid-client';
import type { AppConfig } from '@server/config';
import { IdentityError, type ExternalIdentity, type IdentityProviders } from './interface';

/** Google ID tokens verified with jose against Google's JWKS; Apple through an OpenID Connect code flow. */
export class OidcIdentityProviders implements IdentityProviders {
  private googleKeys: JWTVerifyGetKey | undefined;
  private appleConfig: Promise<oidc.Configuration> | undefined;

  constructor(private readonly config: Pick<AppConfig, 'google' | 'apple'>) {}

  async verifyGoogleIdToken(idToken: string): Promise<ExternalIdentity> {
    const { clientId, issuer, jwksUrl } = this.config.google;
    if (!clientId) throw new IdentityError('Google sign-in is not configured on this server');
    this.googleKeys ??= createRemoteJWKSet(new URL(jwksUrl));
    const issuers = issuer === 'https://accounts.google.com' ? [issuer, 'accounts.google.com'] : [issuer];
    try {
      const { payload } = await jwtVerify(idToken, this.googleKeys, { audience: clientId, issuer: issuers, algorithms: ['RS256', 'ES256'] });
      if (typeof payload.sub !== 'string') throw new IdentityError('The Google token has no subject');
      return {
        provider: 'google',
        subject: payload.sub,
        email: typeof payload.email === 'string' ? payload.email.toLowerCase() : null,
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        firstName: typeof payload.given_name === 'string' ? payload.given_name : null,
        lastName: typeof payload.family_name === 'string' ? payload.family_name : null,
        pictureUrl: typeof payload.picture === 'string' ? payload.picture : null,
      };
    } catch (error) {
      if (error instanceof IdentityError) throw error;
      throw new IdentityError('The Google sign-in could not be verified');
    }
  }

  private apple(): Promise<oidc.Configuration> {
    const { clientId, clientSecret, issuer } = this.config.apple;
    if (!clientId) return Promise.reject(new IdentityError('Apple sign-in is not configured on this server'));
    this.appleConfig ??= oidc
      .discovery(new URL(issuer), clientId, clientSecret, undefined, issuer.startsWith('http://') ? { execute: [oidc.allowInsecureRequests] } : undefined)
      .catch((error: unknown) => {
        this.appleConfig = undefined;
        throw new IdentityError(`Apple sign-in is unavailable: ${error instanceof Error ? error.message : 'discovery failed'}`);
      });
    return this.appleConfig;
  }

  async appleAuthorizationUrl(input: { redirectUri: string; state: string; nonce: string; codeVerifier: string }): Promise<string> {
    const config = await this.apple();
    const isApple = new URL(this.config.apple.issuer).hostname === 'appleid.apple.com';
    const pkce: Record<string, string> = config.serverMetadata().supportsPKCE()
      ? { code_challenge: await oidc.calculatePKCECodeChallenge(input.codeVerifier), code_challenge_method: 'S256' }
      : {};
    return oidc
      .buildAuthorizationUrl(config, {
        redirect_uri: input.redirectUri,
        // Apple only knows "name" and "email", and asks for form_post when they are requested.
        scope: isApple ? 'openid email name' : 'openid email profile',
        response_type: 'code',
        state: input.state,
        nonce: input.nonce,
        ...pkce,
        ...(isApple ? { response_mode: 'form_post' } : {}),
      })
      .toString();
  }

  async appleCompleteSignIn(input: {
    callbackParams: URLSearchParams;
    redirectUri: string;
    state: string;
    nonce: string;
    codeVerifier: string;
  }): Promise<ExternalIdentity> {
    const config = await this.apple();
    // openid-client sends the callback URL without its parameters as the token request's
    // redirect_uri, so the URL is rebuilt from the registered redirect URI (not from the
    // request, whose host may differ behind a proxy).
    const callbackUrl = new URL(input.redirectUri);
    for (const [key, value] of input.callbackParams) callbackUrl.searchParams.append(key, value);
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        expectedState: input.state,
        expectedNonce: input.nonce,
        idTokenExpected: true,
        ...(config.serverMetadata().supportsPKCE() && { pkceCodeVerifier: input.codeVerifier }),
      });
      const claims = tokens.claims();
      if (!claims) throw new IdentityError('Apple did not return an identity');
      return {
        provider: 'apple',
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        firstName: typeof claims.given_name === 'string' ? claims.given_name : null,
        lastName: typeof claims.family_name === 'string' ? claims.family_name : null,
        pictureUrl: null,
      };
    } catch (error) {
      if (error instanceof IdentityError) throw error;
      throw new IdentityError(`The Apple sign-in could not be completed: ${error instanceof Error ? error.message : 'unknown error'}`);
    }
  }
}

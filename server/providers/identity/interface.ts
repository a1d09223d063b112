/** What a social sign-in proves about a person. */
export interface ExternalIdentity {
  provider: 'google' | 'apple';
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  pictureUrl: string | null;
}

export class IdentityError extends Error {}

export interface IdentityProviders {
  /** Verifies a Google ID token (signature by the issuer's JWKS, audience, issuer, expiry). */
  verifyGoogleIdToken(idToken: string): Promise<ExternalIdentity>;
  /**
   * Builds the Apple (OpenID Connect) authorization URL for a code flow. The code verifier is
   * used for PKCE when the issuer advertises it (Apple itself does not).
   */
  appleAuthorizationUrl(input: { redirectUri: string; state: string; nonce: string; codeVerifier: string }): Promise<string>;
  /**
   * Exchanges the callback's code for a verified identity. `callbackParams` are the parameters the
   * callback received (query string, or the form body for response_mode=form_post).
   */
  appleCompleteSignIn(input: {
    callbackParams: URLSearchParams;
    redirectUri: string;
    state: string;
    nonce: string;
    codeVerifier: string;
  }): Promise<ExternalIdentity>;
}

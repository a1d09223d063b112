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
  /** Builds the Apple (OpenID Connect) authorization URL for a code flow. */
  appleAuthorizationUrl(input: { redirectUri: string; state: string; nonce: string }): Promise<string>;
  /** Exchanges the callback's code for a verified identity. */
  appleCompleteSignIn(input: { callbackUrl: URL; redirectUri: string; state: string; nonce: string }): Promise<ExternalIdentity>;
}

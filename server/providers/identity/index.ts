import type { AppConfig } from '@server/config';
import type { IdentityProviders } from './interface';
import { OidcIdentityProviders } from './oidc';

export function createIdentityProviders(config: AppConfig): IdentityProviders {
  return new OidcIdentityProviders(config);
}

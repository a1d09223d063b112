import type { PlatformServices } from './platform/services';
import type { ProviderServices } from './providers/services';

/**
 * What a domain service is handed: the platform's engines and the providers. A domain's own runtime and what it needs
 * of another domain (a port) are named by the domain itself and handed in by the composition root (server/composition.ts).
 */
export type Services = PlatformServices & ProviderServices;

export type { PlatformServices, ProviderServices };

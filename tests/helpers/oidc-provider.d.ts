/** The small part of oidc-provider (which ships no types) that the Apple sign-in tests use. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface ProviderAccount {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface ProviderConfiguration {
    clients?: Array<Record<string, unknown>>;
    jwks?: { keys: Array<Record<string, unknown>> };
    cookies?: { keys?: string[] };
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    features?: Record<string, { enabled: boolean }>;
    findAccount?: (ctx: unknown, id: string) => Promise<ProviderAccount | undefined> | ProviderAccount | undefined;
    [key: string]: unknown;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: ProviderConfiguration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}

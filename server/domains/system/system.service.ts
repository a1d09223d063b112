import type { Services } from '@server/services';
import { effectiveAppConfig } from '@server/domains/settings/settings.service';
import type { PublicConfig } from './system.schemas';

export async function publicConfig(services: Pick<Services, 'config' | 'botCheck' | 'db'>): Promise<PublicConfig> {
  const { botCheck } = services;
  const config = await effectiveAppConfig(services);
  return {
    googleClientId: config.google.clientId ?? null,
    appleEnabled: !!config.apple.clientId && !!config.apple.clientSecret,
    botCheck: { provider: botCheck.publicConfig.provider, ...(botCheck.publicConfig.siteKey ? { siteKey: botCheck.publicConfig.siteKey } : {}) },
  };
}

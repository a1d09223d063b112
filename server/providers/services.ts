import type { BotCheckProvider } from './bot-check/interface';
import type { IdentityProviders } from './identity/interface';
import type { Mailer } from './mail/interface';
import type { PaymentProvider } from './payments/interface';

/** The outside services, each behind its interface with a working local default (server/providers/*). */
export interface ProviderServices {
  botCheck: BotCheckProvider;
  identity: IdentityProviders;
  mailer: Mailer;
  payments: PaymentProvider;
}

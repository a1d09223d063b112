import { usersRest } from '@server/domains/users/users.rest';
import { billingRest } from '@server/domains/billing/billing.rest';
import { systemRest } from '@server/domains/system/system.rest';
import type { RestModule } from './kit';

/** Every REST module, registered in this order under the app. */
export const restModules: RestModule[] = [usersRest, systemRest, billingRest];

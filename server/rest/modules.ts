import { usersRest } from '@server/domains/users/users.rest';
import type { RestModule } from './kit';

/** Every REST module, registered in this order under the app. */
export const restModules: RestModule[] = [usersRest];

import { usersRest } from '@server/domains/users/users.rest';
import { termsRest } from '@server/domains/terms/terms.rest';
import { billingRest } from '@server/domains/billing/billing.rest';
import { systemRest } from '@server/domains/system/system.rest';
import { mailRest } from '@server/domains/demo/mail/mail.rest';
import { notesRest } from '@server/domains/demo/notes/notes.rest';
import { todoRest } from '@server/domains/demo/todo/todo.rest';
import type { RestModule } from './kit';

/** Every REST module, registered in this order under the app. */
export const restModules: RestModule[] = [usersRest, mailRest, notesRest, todoRest, termsRest, systemRest, billingRest];

import { z } from 'zod';
import { router } from '@server/trpc/init';
import { demoProcedure } from '../demo.procedure';
import { addContactInput, contactIdInput, contactIdsInput, contactSchema, contactsUser, listContactsInput, updateContactInput } from './contacts.schemas';
import * as contacts from './contacts.service';

export const contactsRouter = router({
  contacts: demoProcedure.meta({ errors: ['NOT_FOUND'] })
    .input(listContactsInput)
    .output(z.array(contactSchema))
    .query(({ ctx, input }) => contacts.listContacts(ctx.services.db, input.id)),
  user: demoProcedure.meta({ errors: ['NOT_FOUND'] }).output(contactsUser).query(({ ctx }) => contacts.getUser(ctx.services.db)),
  addContact: demoProcedure
    .input(addContactInput)
    .output(contactSchema)
    .mutation(({ ctx, input }) => contacts.addContact(ctx.services.db, input.newContact)),
  updateContact: demoProcedure
    .input(updateContactInput)
    .output(contactSchema)
    .mutation(({ ctx, input }) => contacts.updateContact(ctx.services.db, input.contact)),
  removeContact: demoProcedure
    .input(contactIdInput)
    .output(z.string())
    .mutation(async ({ ctx, input }) => (await contacts.removeContacts(ctx.services.db, [input.contactId]))[0]!),
  removeContacts: demoProcedure
    .input(contactIdsInput)
    .output(z.array(z.string()))
    .mutation(({ ctx, input }) => contacts.removeContacts(ctx.services.db, input.contactIds)),
  toggleStarredContact: demoProcedure
    .input(contactIdInput)
    .output(contactsUser)
    .mutation(({ ctx, input }) => contacts.toggleStarred(ctx.services.db, [input.contactId])),
  toggleStarredContacts: demoProcedure
    .input(contactIdsInput)
    .output(contactsUser)
    .mutation(({ ctx, input }) => contacts.toggleStarred(ctx.services.db, input.contactIds)),
  setContactsStarred: demoProcedure
    .input(contactIdsInput)
    .output(contactsUser)
    .mutation(({ ctx, input }) => contacts.setStarred(ctx.services.db, input.contactIds, true)),
  setContactsUnstarred: demoProcedure
    .input(contactIdsInput)
    .output(contactsUser)
    .mutation(({ ctx, input }) => contacts.setStarred(ctx.services.db, input.contactIds, false)),
});

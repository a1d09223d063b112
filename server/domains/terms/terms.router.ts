import { z } from 'zod';
import { accountProcedure, adminProcedure, publicProcedure, router } from '@server/trpc/init';
import { sessionUser } from '@server/domains/users/users.schemas';
import { termsDocument, termsListItem, uploadTermsAnswer, uploadTermsInput } from './terms.schemas';
import * as termsService from './terms.service';

export const termsRouter = router({
  /** The newest terms document, or null when none has been published. */
  current: publicProcedure.meta({ scope: 'public' }).output(termsDocument.nullable()).query(({ ctx }) => termsService.currentTerms(ctx.services.db)),

  /** The current record for the REST shim: 404 when there is none. */
  get: accountProcedure('admin', 'dj', 'staff', 'user', 'viewer').meta({ scope: 'session', errors: ['NOT_FOUND'] })
    .output(termsDocument)
    .query(({ ctx }) => termsService.requireCurrentTerms(ctx.services.db)),

  /** Whether the caller accepted an earlier document (the dialog says "updated" terms only then). */
  acceptedBefore: accountProcedure('admin', 'dj', 'staff', 'user').meta({ scope: 'session' })
    .output(z.object({ acceptedBefore: z.boolean() }))
    .query(async ({ ctx }) => ({ acceptedBefore: await termsService.hasAcceptedAnyTerms(ctx.services.db, ctx.actor.id) })),

  /** Accepting the newest document clears the pending pdfUrl of the session user (also before a checkout payment). */
  accept: accountProcedure('admin', 'dj', 'staff', 'user').meta({ scope: 'session', errors: ['NOT_FOUND', 'FORBIDDEN'] })
    .output(z.object({ user: sessionUser }))
    .mutation(async ({ ctx }) => ({ user: await termsService.acceptTerms(ctx.services, ctx.actor) })),

  /** Publishes a PDF already stored under /uploads (the REST upload stores it first). */
  upload: adminProcedure
    .input(uploadTermsInput)
    .output(uploadTermsAnswer)
    .mutation(({ ctx, input }) => termsService.publishTerms(ctx.services, ctx.actor, input)),

  list: adminProcedure.output(z.array(termsListItem)).query(({ ctx }) => termsService.listTerms(ctx.services.db)),
});

import { rm } from 'node:fs/promises';
import { TRPCError } from '@trpc/server';
import { uploadRoutes, type RestModule } from '@server/rest/kit';
import { fieldError } from '@server/lib/errors';
import { readMultipart } from '@server/lib/uploads';
import { forbiddenMessage } from '@server/trpc/init';
import { termsMessages } from './terms.schemas';

/** The documented /api/termsConditions paths; each one calls the terms procedures. */
export const termsRest: RestModule = (app, { caller, callerFor, context, services }) => {
  app.get('/api/termsConditions', async (request) => (await caller(request)).terms.get());

  app.post('/api/termsConditions/accept', async (request) => (await caller(request)).terms.accept());

  uploadRoutes(app, (uploads) => {
    /** Multipart: pdfFile (the PDF), pdfUrl?, userId?. The admin is checked before the upload is read. */
    uploads.post('/api/termsConditions', async (request) => {
      const requestContext = await context(request);
      if (!requestContext.actor) {
        throw new TRPCError({ code: 'UNAUTHORIZED', message: requestContext.authError ?? 'Invalid access_token' });
      }
      if (requestContext.actor.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: forbiddenMessage });
      if (!request.isMultipart()) {
        throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the terms as multipart/form-data' });
      }
      const { fields, files } = await readMultipart(request, services.config.dataDir, { pdfFile: 'pdf' });
      const stored = files.pdfFile;
      const pdfUrl = stored?.url ?? (fields.pdfUrl?.trim() || undefined);
      try {
        if (!pdfUrl) throw fieldError('BAD_REQUEST', termsMessages.missingPdf, { pdfFile: termsMessages.missingPdf });
        return await callerFor(requestContext).terms.upload({
          pdfUrl,
          ...(fields.userId ? { userId: fields.userId } : {}),
        });
      } catch (error) {
        if (stored) await rm(stored.path, { force: true });
        throw error;
      }
    });
  });
};

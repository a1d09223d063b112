import type { RestModule } from '@server/rest/kit';
import { uploadRoute, uploadRoutes } from '@server/rest/upload-route';
import { fieldError } from '@server/platform/errors';
import { adminProcedure } from '@server/trpc/init';
import { termsMessages } from './terms.schemas';

/** The documented /api/termsConditions paths; each one calls the terms procedures. */
export const termsRest: RestModule = (app, kit) => {
  const { caller } = kit;
  // eslint-disable-next-line no-restricted-syntax -- the `terms.get` procedure, not a Drizzle query
  app.get('/api/termsConditions', async (request) => (await caller(request)).terms.get());

  app.post('/api/termsConditions/accept', async (request) => (await caller(request)).terms.accept());

  uploadRoutes(app, (uploads) => {
    /** Multipart: pdfFile (the PDF), pdfUrl?, userId?. `terms.upload`'s base and scope are checked before the upload is read. */
    uploads.post(
      '/api/termsConditions',
      uploadRoute(kit, { base: adminProcedure, scope: 'admin', kinds: { pdfFile: 'pdf' }, notMultipart: 'Send the terms as multipart/form-data' }, async ({ caller, read }) => {
        const { fields, files } = await read();
        const pdfUrl = files.pdfFile?.url ?? (fields.pdfUrl?.trim() || undefined);
        if (!pdfUrl) throw fieldError('BAD_REQUEST', termsMessages.missingPdf, { pdfFile: termsMessages.missingPdf });
        return caller.terms.upload({ pdfUrl, ...(fields.userId ? { userId: fields.userId } : {}) });
      }),
    );
  });
};

import { rm } from 'node:fs/promises';
import { TRPCError } from '@trpc/server';
import { uploadRoutes, type RestModule } from '@server/rest/kit';
import { fieldError } from '@server/lib/errors';
import { readMultipart } from '@server/lib/uploads';
import { forbiddenMessage } from '@server/trpc/init';
import { mobileAppMessages } from './mobile-app.schemas';

/** `POST /api/mobile-app/{appId}/icon` (multipart, field `icon`): stores the image, then `mobileApp.setIcon` turns it into the icon set. */
export const mobileAppRest: RestModule = (app, { callerFor, context, services }) => {
  uploadRoutes(app, (uploads) => {
    uploads.post<{ Params: { appId: string } }>('/api/mobile-app/:appId/icon', async (request) => {
      const requestContext = await context(request);
      if (!requestContext.actor) throw new TRPCError({ code: 'UNAUTHORIZED', message: requestContext.authError ?? 'Invalid access_token' });
      if (requestContext.actor.role !== 'dj' && requestContext.actor.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: forbiddenMessage });
      if (!request.isMultipart()) throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the icon as multipart/form-data' });
      const { files } = await readMultipart(request, services.config.dataDir, { icon: 'image' });
      const stored = files.icon;
      try {
        const caller = callerFor(requestContext);
        // Someone else's or an unknown app answers 404 before the file is looked at.
        await caller.mobileApp.get({ appId: request.params.appId });
        if (!stored) throw fieldError('BAD_REQUEST', mobileAppMessages.missingIcon, { icon: mobileAppMessages.missingIcon });
        return await caller.mobileApp.setIcon({ appId: request.params.appId, uploadUrl: stored.url });
      } finally {
        if (stored) await rm(stored.path, { force: true });
      }
    });
  });
};

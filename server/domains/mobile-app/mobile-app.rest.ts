import type { RestModule } from '@server/rest/kit';
import { uploadRoute, uploadRoutes } from '@server/rest/upload-route';
import { fieldError } from '@server/platform/errors';
import { creatorProcedure } from '@server/trpc/init';
import { mobileAppMessages } from './mobile-app.schemas';

/** `POST /api/mobile-app/{appId}/icon` (multipart, field `icon`): stores the image, then `mobileApp.setIcon` turns it into the icon set. */
export const mobileAppRest: RestModule = (app, kit) => {
  uploadRoutes(app, (uploads) => {
    uploads.post(
      '/api/mobile-app/:appId/icon',
      uploadRoute<{ Params: { appId: string } }>(
        kit,
        { base: creatorProcedure, scope: 'session', kinds: { icon: 'image' }, notMultipart: mobileAppMessages.iconNotMultipart },
        async ({ caller, read, request }) => {
          const { appId } = request.params;
          const stored = (await read()).files.icon;
          // Someone else's or an unknown app answers 404 before the file is looked at.
          await caller.mobileApp.get({ appId });
          if (!stored) throw fieldError('BAD_REQUEST', mobileAppMessages.missingIcon, { icon: mobileAppMessages.missingIcon });
          const answer = await caller.mobileApp.setIcon({ appId, uploadUrl: stored.url });
          // The icon set is drawn from a copy of its own; the upload is not kept.
          await kit.services.storage.delete(stored.key);
          return answer;
        },
      ),
    );
  });
};

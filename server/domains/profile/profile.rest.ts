import { rm } from 'node:fs/promises';
import { TRPCError } from '@trpc/server';
import { fieldError } from '@server/lib/errors';
import { readMultipart, uploadRules } from '@server/lib/uploads';
import { uploadRoutes, type RestModule } from '@server/rest/kit';
import { setAvatar } from './profile.service';

export const profileAvatarMessages = { notMultipart: 'Send the picture as multipart/form-data' } as const;

/**
 * Avatar upload (multipart, field `image`: a square jpg/png of 50 to 200 px, platform.md §5 "Profile photo").
 * The stored file goes straight to the service: no procedure takes an avatar URL, so nobody can point their
 * avatar at (and later delete) a file they did not upload.
 */
export const profileRest: RestModule = (app, { context, callerFor, services }) => {
  uploadRoutes(app, (uploads) => {
    uploads.post('/api/profile/avatar', async (request) => {
      const requestContext = await context(request);
      // The same role check as every profile procedure, before any byte of the file is read.
      await callerFor(requestContext).profile.get();
      if (!request.isMultipart()) {
        throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: profileAvatarMessages.notMultipart });
      }
      const { files } = await readMultipart(request, services.config.dataDir, { image: 'profile-photo' });
      const image = files.image;
      if (!image) throw fieldError('BAD_REQUEST', uploadRules['profile-photo'].message, { image: uploadRules['profile-photo'].message });
      try {
        return await setAvatar(services, requestContext.actor!, image.url);
      } catch (error) {
        await rm(image.path, { force: true });
        throw error;
      }
    });
  });
};

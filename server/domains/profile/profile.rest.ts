import { fieldError } from '@server/platform/errors';
import { profilePhotoMessage } from '@server/platform/uploads';
import type { RestModule } from '@server/rest/kit';
import { uploadRoute, uploadRoutes } from '@server/rest/upload-route';
import { ownProfileProcedure } from './profile.procedure';
import { setAvatar } from './profile.service';

export const profileAvatarMessages = { notMultipart: 'Send the picture as multipart/form-data' } as const;

/**
 * Avatar upload (multipart, field `image`: a square jpg/png of 50 to 200 px, platform.md §5 "Profile photo").
 * The stored file goes straight to the service: no procedure takes an avatar URL, so nobody can point their
 * avatar at (and later delete) a file they did not upload.
 */
export const profileRest: RestModule = (app, kit) => {
  uploadRoutes(app, (uploads) => {
    uploads.post(
      '/api/profile/avatar',
      uploadRoute(kit, { base: ownProfileProcedure, scope: 'session', kinds: { image: 'profile-photo' }, notMultipart: profileAvatarMessages.notMultipart }, async ({ actor, read }) => {
        const { image } = (await read()).files;
        if (!image) throw fieldError('BAD_REQUEST', profilePhotoMessage, { image: profilePhotoMessage });
        return setAvatar(kit.services, actor, image.url);
      }),
    );
  });
};

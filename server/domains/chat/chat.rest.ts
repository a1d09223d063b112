import { TRPCError } from '@trpc/server';
import { uploadRoutes, type RestModule } from '@server/rest/kit';
import { readMultipart } from '@server/lib/uploads';
import { enforceApiTokenScope } from '@server/trpc/init';
import { chatMessages, type UploadChatPhotoAnswer } from './chat.schemas';

/** Photo uploads per user and minute. */
const photoUploadsPerMinute = 10;

/** The chat's documented REST path (platform.md §7). */
export const chatRoomRest: RestModule = (app, { context, services }) => {
  uploadRoutes(app, (uploads) => {
    /**
     * Multipart `userPhoto`: a jpeg or png (by its bytes), square, 50–200 px. Answers the image URL.
     * The chat starts after a viewer login, so the caller must be signed in; the upload is checked before it is read.
     */
    uploads.post('/api/event/upload-chat-user-profile-img', async (request): Promise<UploadChatPhotoAnswer> => {
      const { actor, authError } = await context(request);
      if (!actor) throw new TRPCError({ code: 'UNAUTHORIZED', message: authError ?? 'Invalid access_token' });
      enforceApiTokenScope({ actor, services }, 'chat:write');
      if (!request.isMultipart()) throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the photo as multipart/form-data' });
      services.rateLimiter.enforce(`chat:photo:${actor.id}`, { limit: photoUploadsPerMinute, windowMs: 60_000 });
      const { files } = await readMultipart(request, services.config.dataDir, { userPhoto: 'profile-photo' });
      const photo = files.userPhoto;
      if (!photo) throw new TRPCError({ code: 'BAD_REQUEST', message: chatMessages.photo });
      return { imageUrl: photo.url };
    });
  });
};

import { DomainError } from '@server/platform/errors';
import type { RestModule } from '@server/rest/kit';
import { uploadRoute, uploadRoutes } from '@server/rest/upload-route';
import { chatterProcedure } from './chat.router';
import { chatMessages, type UploadChatPhotoAnswer } from './chat.schemas';

/** Photo uploads per user and minute. */
const photoUploadsPerMinute = 10;

/** The chat's documented REST path (platform.md §7). */
export const chatRoomRest: RestModule = (app, kit) => {
  uploadRoutes(app, (uploads) => {
    /**
     * Multipart `userPhoto`: a jpeg or png (by its bytes), square, 50–200 px. Answers the image URL.
     * The chat starts after a viewer login: those who may chat (`chat.send`'s base and scope) may upload its photo.
     */
    uploads.post(
      '/api/event/upload-chat-user-profile-img',
      uploadRoute(
        kit,
        {
          base: chatterProcedure,
          scope: 'chat:write',
          kinds: { userPhoto: 'profile-photo' },
          notMultipart: chatMessages.photoNotMultipart,
          rateLimit: { name: 'chat:photo', limit: photoUploadsPerMinute, windowMs: 60_000 },
        },
        async ({ read }): Promise<UploadChatPhotoAnswer> => {
          const photo = (await read()).files.userPhoto;
          if (!photo) throw new DomainError({ code: 'BAD_REQUEST', message: chatMessages.photo });
          return { imageUrl: photo.url };
        },
      ),
    );
  });
};

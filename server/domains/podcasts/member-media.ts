import type { FastifyReply } from 'fastify';
import { storedName, type UploadRoutes } from '@server/platform/serve-uploads';
import { crossOriginPreflightHeaders } from '@server/lib/security-headers';
import { memberFile } from './member-feeds';
import { podcastMessages } from './podcasts.schemas';
import type { PodcastServices } from './podcast-rows';

type Params = { token: string; episodeId: string; file: string };

const notFound = (reply: FastifyReply) => reply.code(404).send({ message: 'Not found' });

/**
 * `/member-media/{feedToken}/{episodeId}/{stored name}`: the files of a member's private feed, served by the same
 * function as /uploads (Range, validators, 304) once the token opens the episode's title. Readable from other sites
 * (web podcast players; the URL is the secret) but never kept by shared caches (`private`). A lapsed membership or
 * a reset address answers 410, any other token 404.
 */
export function memberMediaRoutes(services: PodcastServices): UploadRoutes {
  return (scope, serve) => {
    scope.route<{ Params: Params }>({
      method: ['GET', 'HEAD'],
      url: '/member-media/:token/:episodeId/:file',
      handler: async (request, reply) => {
        const { token, episodeId, file } = request.params;
        if (!storedName.test(file)) return notFound(reply);
        const found = await memberFile(services, token, episodeId, file);
        if (!found) return notFound(reply);
        if (found.state !== 'open') {
          const message = found.state === 'lapsed' ? podcastMessages.memberFileEnded : podcastMessages.memberFileReplaced;
          return reply.code(410).header('cache-control', 'private, no-cache').send({ message });
        }
        return serve(request, reply, file, { crossOrigin: true, publicCache: false });
      },
    });
    scope.options('/member-media/*', async (_request, reply) => reply.code(204).headers(crossOriginPreflightHeaders).send());
  };
}

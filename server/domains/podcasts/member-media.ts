import type { FastifyReply } from 'fastify';
import { storedName, type UploadRoutes } from '@server/platform/serve-uploads';
import { crossOriginPreflightHeaders } from '@server/lib/security-headers';
import { memberFile } from './member-feeds';
import { podcastMessages } from './podcasts.schemas';
import type { PodcastServices } from './podcast-rows';
import { requestLocale } from '@server/i18n/request-locale';
import { translate } from '@server/i18n/translate';

type Params = { token: string; episodeId: string; file: string };

/** A refusal in the caller's language (a podcast app's request carries no account: Accept-Language). */
function refusal(reply: FastifyReply, status: 404 | 410, message: string) {
  const locale = requestLocale(null, reply.request.headers['accept-language']);
  return reply.code(status).header('vary', 'Accept-Language').send({ message: translate(locale, message) });
}

const notFound = (reply: FastifyReply) => refusal(reply, 404, 'Not found');

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
          return refusal(reply.header('cache-control', 'private, no-cache'), 410, message);
        }
        return serve(request, reply, file, { crossOrigin: true, publicCache: false });
      },
    });
    scope.options('/member-media/*', async (_request, reply) => reply.code(204).headers(crossOriginPreflightHeaders).send());
  };
}

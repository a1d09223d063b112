import { DomainError } from '@server/platform/errors';
import type { RouteGenericInterface } from 'fastify';
import type { PodcastUploadKind } from '@db/schema/podcasts';
import { fieldError } from '@server/platform/errors';
import { bodyEtag, ContentClock, evaluatePreconditions, sendWithValidators, setValidators } from '@server/lib/http-caching';
import { crossOriginPreflightHeaders, crossOriginReadableHeaders } from '@server/lib/security-headers';
import type { RestModule } from '@server/rest/kit';
import { uploadRoute, uploadRoutes, type Upload, type UploadRouteOptions } from '@server/rest/upload-route';
import { creatorProcedure } from '@server/trpc/init';
import { discardUploads, podcastUploadKind, stageUploads } from './podcast-uploads';
import { noticeAudioBytes, noticeAudioPath } from './member-feeds';
import { podcastMessages } from './podcasts.schemas';

type Params<Keys extends string> = { Params: Record<Keys, string> };

const titleFiles = { image: 'image' } as const satisfies Record<string, PodcastUploadKind>;
const episodeFiles = { media: 'media', image: 'image', transcript: 'transcript', chapters: 'chapters' } as const satisfies Record<string, PodcastUploadKind>;
const titleFields = ['name', 'description', 'isVideo', 'explicit', 'category', 'language', 'contactEmail', 'itunesType', 'membersOnly', 'removeImage'];
const episodeFields = ['name', 'description', 'publishDate', 'seasonNumber', 'episodeNumber', 'removeImage', 'removeTranscript', 'removeChapters', 'fediverse'];

/** Form checkboxes and scripts send "true"/"false" (or "on"); anything else reaches the schema as text and is refused there. */
function formBoolean(value: string | undefined): boolean | string | undefined {
  if (value === undefined) return undefined;
  if (['true', '1', 'on'].includes(value)) return true;
  if (['false', '0', ''].includes(value)) return false;
  return value;
}

/** A whole number from a form; empty clears it (null); anything else reaches the schema as text and is refused there. */
function formNumber(value: string | undefined): number | null | string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '') return null;
  return /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : value;
}

/** The text fields a form may carry; an unknown one is refused like an unknown JSON field. */
function knownFields(fields: Record<string, string>, allowed: string[]): Record<string, string> {
  const unknown = Object.keys(fields).filter((name) => !allowed.includes(name));
  if (unknown.length) throw fieldError('BAD_REQUEST', 'Unknown field', Object.fromEntries(unknown.map((name) => [name, 'Unknown field'])));
  return fields;
}

/** A title form as the procedures' input (they check it): the fields create and update share. */
function titleInput(fields: Record<string, string>, ids: Record<string, string>) {
  return {
    name: fields.name,
    description: fields.description,
    isVideo: formBoolean(fields.isVideo),
    explicit: formBoolean(fields.explicit),
    category: fields.category,
    language: fields.language,
    contactEmail: fields.contactEmail,
    itunesType: fields.itunesType,
    membersOnly: formBoolean(fields.membersOnly),
    imageUploadId: ids.image,
  };
}

/** An episode form as the procedures' input (they check it): the fields create and update share. */
function episodeInput(fields: Record<string, string>, ids: Record<string, string>) {
  return {
    name: fields.name,
    description: fields.description,
    publishDate: fields.publishDate || undefined,
    seasonNumber: formNumber(fields.seasonNumber),
    episodeNumber: formNumber(fields.episodeNumber),
    mediaUploadId: ids.media,
    imageUploadId: ids.image,
    transcriptUploadId: ids.transcript,
    chaptersUploadId: ids.chapters,
    fediverse: formBoolean(fields.fediverse),
  };
}

/** The podcast file fields of a form, read by their kinds (covers by Apple's rule). */
function uploadKindsOf(files: Record<string, PodcastUploadKind>): UploadRouteOptions<string> {
  const kinds = Object.fromEntries(Object.entries(files).map(([field, kind]) => [field, podcastUploadKind(kind)]));
  return { base: creatorProcedure, scope: 'podcasts:write', kinds };
}

const titleUpload = uploadKindsOf(titleFiles);
const episodeUpload = uploadKindsOf(episodeFiles);

/**
 * The documented /api/podcast paths and the RSS feed. Uploads: the caller's rights (and ownership of the title or
 * episode) are checked before the body is read; files stream to disk, are recorded as the caller's pending uploads,
 * and the procedure attaches them by id. Anything stored is removed when the procedure refuses.
 */
export const podcastsRest: RestModule = (app, kit) => {
  const { context, callerFor, services } = kit;

  async function withUploads<T>(
    { actor, read }: Upload<RouteGenericInterface, string>,
    fileKinds: Record<string, PodcastUploadKind>,
    allowedFields: string[],
    run: (fields: Record<string, string>, uploadIds: Record<string, string>) => Promise<T>,
  ): Promise<T> {
    const { fields, files } = await read();
    const uploadIds = await stageUploads(services, actor.id, files, fileKinds);
    try {
      return await run(knownFields(fields, allowedFields), uploadIds);
    } catch (error) {
      await discardUploads(services, Object.values(uploadIds));
      throw error;
    }
  }

  uploadRoutes(app, (uploads) => {
    uploads.post(
      '/api/podcast/titles',
      uploadRoute(kit, titleUpload, async (upload) => {
        const title = await withUploads(upload, titleFiles, titleFields, (fields, ids) =>
          upload.caller.podcasts.createTitle({ ...titleInput(fields, ids), name: fields.name ?? '' } as never),
        );
        return upload.reply.code(201).send(title);
      }),
    );

    uploads.post(
      '/api/podcast/titles/:id',
      uploadRoute<Params<'id'>>(kit, titleUpload, async (upload) => {
        const { caller, request } = upload;
        await caller.podcasts.getTitle({ id: request.params.id });
        return withUploads(upload, titleFiles, titleFields, (fields, ids) =>
          caller.podcasts.updateTitle({ id: request.params.id, ...titleInput(fields, ids), removeImage: formBoolean(fields.removeImage) } as never),
        );
      }),
    );

    uploads.post(
      '/api/podcast/titles/:id/episodes',
      uploadRoute<Params<'id'>>(kit, episodeUpload, async (upload) => {
        const { caller, request } = upload;
        await caller.podcasts.getTitle({ id: request.params.id });
        const episode = await withUploads(upload, episodeFiles, episodeFields, (fields, ids) => {
          if (!ids.media) throw fieldError('BAD_REQUEST', podcastMessages.mediaRequired, { media: podcastMessages.mediaRequired });
          return caller.podcasts.createEpisode({ podcastTitleId: request.params.id, ...episodeInput(fields, ids), name: fields.name ?? '' } as never);
        });
        return upload.reply.code(201).send(episode);
      }),
    );

    uploads.post(
      '/api/podcast/episodes/:id',
      uploadRoute<Params<'id'>>(kit, episodeUpload, async (upload) => {
        const { caller, request } = upload;
        await caller.podcasts.getEpisode({ id: request.params.id });
        return withUploads(upload, episodeFiles, episodeFields, (fields, ids) =>
          caller.podcasts.updateEpisode({
            id: request.params.id,
            ...episodeInput(fields, ids),
            removeImage: formBoolean(fields.removeImage),
            removeTranscript: formBoolean(fields.removeTranscript),
            removeChapters: formBoolean(fields.removeChapters),
          } as never),
        );
      }),
    );
  });

  app.delete<Params<'id'>>('/api/podcast/titles/:id', async (request) =>
    callerFor(await context(request)).podcasts.deleteTitle({ id: request.params.id }),
  );

  app.delete<Params<'id'>>('/api/podcast/episodes/:id', async (request) =>
    callerFor(await context(request)).podcasts.deleteEpisode({ id: request.params.id }),
  );

  app.get<Params<'id'>>('/api/podcast/episodes-public/:id', async (request) =>
    callerFor(await context(request)).podcasts.publicEpisode({ id: request.params.id }),
  );

  app.get<Params<'id'>>('/api/podcast/titles-public/:id', async (request) =>
    callerFor(await context(request)).podcasts.publicTitle({ id: request.params.id }),
  );

  /** Documented with 20 (platform.md §7); any count from 1 to 50 works. */
  app.get<Params<'userId' | 'count'>>('/api/podcast/:userId/user-podcast-episodes/:count', async (request) =>
    callerFor(await context(request)).podcasts.publicUserEpisodes({
      userId: request.params.userId,
      limit: Number(request.params.count),
    }),
  );

  // Podcast apps and directories poll feeds: a strong ETag and Last-Modified make an unchanged feed a 304; readable
  // from any site (web players elsewhere).
  const feedVersions = new ContentClock();
  app.get<Params<'file'>>('/feeds/:file', async (request, reply) => {
    const match = /^(.+)\.xml$/.exec(request.params.file);
    if (!match) throw new DomainError({ code: 'NOT_FOUND', message: podcastMessages.titleNotFound });
    const xml = await callerFor(await context(request)).podcasts.feed({ id: match[1]! });
    reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=300').headers(crossOriginReadableHeaders);
    return sendWithValidators(request, reply, xml, feedVersions, match[1]!);
  });
  app.options<Params<'file'>>('/feeds/:file', async (_request, reply) => reply.code(204).headers(crossOriginPreflightHeaders).send());

  // A member's private feed: the URL is the secret, so it may be read from any site like the public feed, but only
  // the member's own client keeps it (private). A stopped feed (lapsed, reset) is a one-item notice with 410 Gone.
  app.get<Params<'titleId' | 'file'>>('/feeds/:titleId/:file', async (request, reply) => {
    const match = /^(.+)\.xml$/.exec(request.params.file);
    if (!match) throw new DomainError({ code: 'NOT_FOUND', message: podcastMessages.titleNotFound });
    const feed = await callerFor(await context(request)).podcasts.memberFeed({ id: request.params.titleId, token: match[1]! });
    reply.type('application/rss+xml; charset=utf-8').headers(crossOriginReadableHeaders);
    if (feed.state !== 'open') return reply.code(410).header('cache-control', 'private, no-cache').send(feed.xml);
    reply.header('cache-control', 'private, max-age=300');
    return sendWithValidators(request, reply, feed.xml, feedVersions, `${request.params.titleId}/${match[1]!}`);
  });
  app.options('/feeds/:titleId/:file', async (_request, reply) => reply.code(204).headers(crossOriginPreflightHeaders).send());

  // The silent audio of a stopped private feed's notice item (podcast apps list only items with an enclosure).
  const noticeValidators = { etag: bodyEtag(noticeAudioBytes()), lastModified: new Date(Math.floor(Date.now() / 1000) * 1000) };
  app.get(noticeAudioPath, async (request, reply) => {
    setValidators(reply, noticeValidators).header('cache-control', 'public, max-age=86400').headers(crossOriginReadableHeaders);
    if (evaluatePreconditions(request.method, request.headers, noticeValidators) === 'not-modified') return reply.code(304).send();
    return reply.type('audio/mpeg').send(noticeAudioBytes());
  });
};

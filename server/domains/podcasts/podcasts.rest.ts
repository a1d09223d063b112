import type { FastifyRequest } from 'fastify';
import { TRPCError } from '@trpc/server';
import type { PodcastUploadKind } from '@db/schema/podcasts';
import { fieldError } from '@server/lib/errors';
import { ContentClock, sendWithValidators } from '@server/lib/http-caching';
import { crossOriginPreflightHeaders, crossOriginReadableHeaders } from '@server/lib/security-headers';
import { readStreamedUpload } from '@server/lib/media-uploads';
import { uploadRoutes, type RestModule } from '@server/rest/kit';
import type { Context } from '@server/trpc/context';
import { discardUploads, podcastStreamKind, stageUploads } from './podcast-uploads';
import { podcastMessages } from './podcasts.schemas';

type Params<Keys extends string> = { Params: Record<Keys, string> };

const titleFiles = { image: 'image' } as const satisfies Record<string, PodcastUploadKind>;
const episodeFiles = { media: 'media', image: 'image', transcript: 'transcript', chapters: 'chapters' } as const satisfies Record<string, PodcastUploadKind>;
const titleFields = ['name', 'description', 'isVideo', 'explicit', 'category', 'language', 'contactEmail', 'itunesType', 'removeImage'];
const episodeFields = ['name', 'description', 'publishDate', 'seasonNumber', 'episodeNumber', 'removeImage', 'removeTranscript', 'removeChapters'];

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

/**
 * The documented /api/podcast paths and the RSS feed. Uploads: the caller's rights (and ownership of the title or
 * episode) are checked before the body is read; files stream to disk, are recorded as the caller's pending uploads,
 * and the procedure attaches them by id. Anything stored is removed when the procedure refuses.
 */
export const podcastsRest: RestModule = (app, { context, callerFor, services }) => {
  async function withUploads<T>(
    request: FastifyRequest,
    requestContext: Context,
    fileKinds: Record<string, PodcastUploadKind>,
    allowedFields: string[],
    run: (fields: Record<string, string>, uploadIds: Record<string, string>) => Promise<T>,
  ): Promise<T> {
    const streamKinds = Object.fromEntries(Object.entries(fileKinds).map(([field, kind]) => [field, podcastStreamKind(kind)]));
    const { fields, files } = await readStreamedUpload(request, services.config.dataDir, streamKinds);
    const uploadIds = await stageUploads(services, requestContext.actor!.id, files, fileKinds);
    try {
      return await run(knownFields(fields, allowedFields), uploadIds);
    } catch (error) {
      await discardUploads(services, Object.values(uploadIds));
      throw error;
    }
  }

  /** Signed in as a creator or admin (checked by a cheap procedure of the same role) before any byte is read. */
  async function creatorContext(request: FastifyRequest): Promise<Context> {
    const requestContext = await context(request);
    await callerFor(requestContext).podcasts.listTitles();
    return requestContext;
  }

  uploadRoutes(app, (uploads) => {
    uploads.post('/api/podcast/titles', async (request, reply) => {
      const requestContext = await creatorContext(request);
      const title = await withUploads(request, requestContext, titleFiles, titleFields, (fields, uploads) =>
        callerFor(requestContext).podcasts.createTitle({
          name: fields.name ?? '',
          description: fields.description,
          isVideo: formBoolean(fields.isVideo),
          explicit: formBoolean(fields.explicit),
          category: fields.category,
          language: fields.language,
          contactEmail: fields.contactEmail,
          itunesType: fields.itunesType,
          imageUploadId: uploads.image,
        } as never),
      );
      return reply.code(201).send(title);
    });

    uploads.post<Params<'id'>>('/api/podcast/titles/:id', async (request) => {
      const requestContext = await context(request);
      const caller = callerFor(requestContext);
      await caller.podcasts.getTitle({ id: request.params.id });
      return withUploads(request, requestContext, titleFiles, titleFields, (fields, uploads) =>
        caller.podcasts.updateTitle({
          id: request.params.id,
          name: fields.name,
          description: fields.description,
          isVideo: formBoolean(fields.isVideo),
          explicit: formBoolean(fields.explicit),
          category: fields.category,
          language: fields.language,
          contactEmail: fields.contactEmail,
          itunesType: fields.itunesType,
          imageUploadId: uploads.image,
          removeImage: formBoolean(fields.removeImage),
        } as never),
      );
    });

    uploads.post<Params<'id'>>('/api/podcast/titles/:id/episodes', async (request, reply) => {
      const requestContext = await context(request);
      const caller = callerFor(requestContext);
      await caller.podcasts.getTitle({ id: request.params.id });
      const episode = await withUploads(request, requestContext, episodeFiles, episodeFields, (fields, uploads) => {
        if (!uploads.media) throw fieldError('BAD_REQUEST', podcastMessages.mediaRequired, { media: podcastMessages.mediaRequired });
        return caller.podcasts.createEpisode({
          podcastTitleId: request.params.id,
          name: fields.name ?? '',
          description: fields.description,
          publishDate: fields.publishDate || undefined,
          seasonNumber: formNumber(fields.seasonNumber),
          episodeNumber: formNumber(fields.episodeNumber),
          mediaUploadId: uploads.media,
          imageUploadId: uploads.image,
          transcriptUploadId: uploads.transcript,
          chaptersUploadId: uploads.chapters,
        } as never);
      });
      return reply.code(201).send(episode);
    });

    uploads.post<Params<'id'>>('/api/podcast/episodes/:id', async (request) => {
      const requestContext = await context(request);
      const caller = callerFor(requestContext);
      await caller.podcasts.getEpisode({ id: request.params.id });
      return withUploads(request, requestContext, episodeFiles, episodeFields, (fields, uploads) =>
        caller.podcasts.updateEpisode({
          id: request.params.id,
          name: fields.name,
          description: fields.description,
          publishDate: fields.publishDate || undefined,
          seasonNumber: formNumber(fields.seasonNumber),
          episodeNumber: formNumber(fields.episodeNumber),
          mediaUploadId: uploads.media,
          imageUploadId: uploads.image,
          removeImage: formBoolean(fields.removeImage),
          transcriptUploadId: uploads.transcript,
          removeTranscript: formBoolean(fields.removeTranscript),
          chaptersUploadId: uploads.chapters,
          removeChapters: formBoolean(fields.removeChapters),
        } as never),
      );
    });
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
    if (!match) throw new TRPCError({ code: 'NOT_FOUND', message: podcastMessages.titleNotFound });
    const xml = await callerFor(await context(request)).podcasts.feed({ id: match[1]! });
    reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=300').headers(crossOriginReadableHeaders);
    return sendWithValidators(request, reply, xml, feedVersions, match[1]!);
  });
  app.options<Params<'file'>>('/feeds/:file', async (_request, reply) => reply.code(204).headers(crossOriginPreflightHeaders).send());
};

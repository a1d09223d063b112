import { z } from 'zod';
import { creatorProcedure, publicProcedure, router } from '@server/trpc/init';
import {
  createEpisodeInput,
  createTitleInput,
  episodeIdInput,
  memberFeedInput,
  memberFeedOutput,
  podcastEpisode,
  podcastTitle,
  publicEpisode,
  publicPodcastTitle,
  publicUserEpisodesInput,
  titleEpisodesInput,
  titleIdInput,
  updateEpisodeInput,
  updateTitleInput,
} from './podcasts.schemas';
import * as episodesService from './podcast-episodes';
import * as memberFeeds from './member-feeds';
import * as podcastsService from './podcasts.service';

const deleted = z.object({ id: z.string() });

/** Podcast titles and episodes: their owner (a creator or an admin) manages them; published episodes are public. */
export const podcastsRouter = router({
  listTitles: creatorProcedure.meta({ scope: 'podcasts:read' }).output(z.array(podcastTitle)).query(({ ctx }) => podcastsService.listTitles(ctx.services, ctx.actor.id)),

  getTitle: creatorProcedure.meta({ scope: 'podcasts:read' })
    .input(titleIdInput)
    .output(podcastTitle)
    .query(({ ctx, input }) => podcastsService.getTitle(ctx.services, ctx.actor.id, input.id)),

  createTitle: creatorProcedure.meta({ scope: 'podcasts:write' })
    .input(createTitleInput)
    .output(podcastTitle)
    .mutation(({ ctx, input }) => podcastsService.createTitle(ctx.services, ctx.actor.id, input)),

  updateTitle: creatorProcedure.meta({ scope: 'podcasts:write' })
    .input(updateTitleInput)
    .output(podcastTitle)
    .mutation(({ ctx, input }) => podcastsService.updateTitle(ctx.services, ctx.actor.id, input)),

  deleteTitle: creatorProcedure.meta({ scope: 'podcasts:write' })
    .input(titleIdInput)
    .output(deleted)
    .mutation(({ ctx, input }) => podcastsService.deleteTitle(ctx.services, ctx.actor.id, input.id)),

  listEpisodes: creatorProcedure.meta({ scope: 'podcasts:read' })
    .input(titleEpisodesInput)
    .output(z.array(podcastEpisode))
    .query(({ ctx, input }) => episodesService.listEpisodes(ctx.services, ctx.actor.id, input.podcastTitleId)),

  getEpisode: creatorProcedure.meta({ scope: 'podcasts:read' })
    .input(episodeIdInput)
    .output(podcastEpisode)
    .query(({ ctx, input }) => episodesService.getEpisode(ctx.services, ctx.actor.id, input.id)),

  createEpisode: creatorProcedure.meta({ scope: 'podcasts:write' })
    .input(createEpisodeInput)
    .output(podcastEpisode)
    .mutation(({ ctx, input }) => episodesService.createEpisode(ctx.services, ctx.actor.id, input)),

  updateEpisode: creatorProcedure.meta({ scope: 'podcasts:write' })
    .input(updateEpisodeInput)
    .output(podcastEpisode)
    .mutation(({ ctx, input }) => episodesService.updateEpisode(ctx.services, ctx.actor.id, input)),

  deleteEpisode: creatorProcedure.meta({ scope: 'podcasts:write' })
    .input(episodeIdInput)
    .output(deleted)
    .mutation(({ ctx, input }) => episodesService.deleteEpisode(ctx.services, ctx.actor.id, input.id)),

  publicEpisode: publicProcedure.meta({ scope: 'public' })
    .input(episodeIdInput)
    .output(publicEpisode)
    .query(({ ctx, input }) => podcastsService.publicEpisodeById(ctx.services, input.id)),

  publicTitle: publicProcedure.meta({ scope: 'public' })
    .input(titleIdInput)
    .output(publicPodcastTitle)
    .query(({ ctx, input }) => podcastsService.publicTitleById(ctx.services, input.id)),

  /** A creator's recent published episodes, newest first (event page "related episodes", player "related videos"). */
  publicUserEpisodes: publicProcedure.meta({ scope: 'public' })
    .input(publicUserEpisodesInput)
    .output(z.array(publicEpisode))
    .query(({ ctx, input }) => podcastsService.publicUserEpisodes(ctx.services, input)),

  /** The title's RSS 2.0 feed (iTunes and Podcasting 2.0 tags), served at /feeds/{podcastTitleId}.xml. */
  feed: publicProcedure.meta({ scope: 'public' })
    .input(titleIdInput)
    .output(z.string())
    .query(({ ctx, input }) => podcastsService.feedXml(ctx.services, input.id)),

  /**
   * A member's private feed, served at /feeds/{podcastTitleId}/{token}.xml: the title's feed with `itunes:block` and
   * the episodes' files at the member's own URLs while the membership opens the title; a one-item notice once it
   * lapsed or the address was reset (`state`, served with 410); any other token is not found.
   */
  memberFeed: publicProcedure.meta({ scope: 'public' })
    .input(memberFeedInput)
    .output(memberFeedOutput)
    .query(({ ctx, input }) => memberFeeds.memberFeed(ctx.services, input.id, input.token)),
});

import { z } from 'zod';
import { adminProcedure, creatorProcedure, publicProcedure, router } from '@server/trpc/init';
import { DomainError } from '@server/platform/errors';
import type { Services } from '@server/services';
import type { FederationRuntime } from './federation.runtime';
import {
  blockIdInput,
  blockInput,
  blockOutput,
  commentDecisionOutput,
  commentIdInput,
  commentOutput,
  episodeCommentsInput,
  publicCommentOutput,
  followerIdInput, followersOutput, federationMessages, postsOutput, settingsInput, settingsOutput } from './federation.schemas';
import { listPosts } from './federation.posts';
import { creatorComments, decideComment, episodeComments } from './federation.replies';
import * as federationService from './federation.service';

/** The creator's Fediverse page: from a signed-in session only (no API token scope yet). */
const fediverseOwnerProcedure = creatorProcedure.meta({ scope: 'session' });

function enabledRuntime(services: { federation: FederationRuntime }) {
  if (!services.federation.enabled) throw federationService.federationOffError();
  return services.federation;
}

const ownTag = (services: Pick<Services, 'db'>, userId: string) => federationService.creatorTagOf(services.db, userId);

export const federationRouter = router({
  /** The creator's followers (pending first), their counts and the creator's blocks. */
  followers: fediverseOwnerProcedure.output(followersOutput).query(({ ctx }) => {
    enabledRuntime(ctx.services);
    return federationService.listFollowers(ctx.services, ctx.actor.id);
  }),

  /** Accepts a pending follower: its server gets the Accept. */
  approve: fediverseOwnerProcedure.input(followerIdInput).mutation(async ({ ctx, input }) => {
    const runtime = enabledRuntime(ctx.services);
    const row = await federationService.followerById(ctx.services.db, ctx.actor.id, input.followerId);
    if (row.status !== 'pending') throw new DomainError({ code: 'BAD_REQUEST', message: federationMessages.notPending });
    await runtime.approve(ctx.actor.id, await ownTag(ctx.services, ctx.actor.id), row.id);
    return { id: row.id };
  }),

  /** Refuses a pending follower: its server gets a Reject. */
  reject: fediverseOwnerProcedure.input(followerIdInput).mutation(async ({ ctx, input }) => {
    const runtime = enabledRuntime(ctx.services);
    const row = await federationService.followerById(ctx.services.db, ctx.actor.id, input.followerId);
    if (row.status !== 'pending') throw new DomainError({ code: 'BAD_REQUEST', message: federationMessages.notPending });
    await runtime.reject(ctx.actor.id, await ownTag(ctx.services, ctx.actor.id), row.id);
    return { id: row.id };
  }),

  /** Removes an accepted follower (its server is told with a Reject of its Follow, as Mastodon does). */
  removeFollower: fediverseOwnerProcedure.input(followerIdInput).mutation(async ({ ctx, input }) => {
    const runtime = enabledRuntime(ctx.services);
    await runtime.reject(ctx.actor.id, await ownTag(ctx.services, ctx.actor.id), input.followerId);
    return { id: input.followerId };
  }),

  /** Blocks a remote actor (its id) or a whole domain: its activities are refused (403) and it gets no deliveries. */
  block: fediverseOwnerProcedure
    .input(blockInput)
    .output(blockOutput)
    .mutation(({ ctx, input }) => federationService.addBlock(ctx.services.db, ctx.actor.id, input)),

  unblock: fediverseOwnerProcedure.input(blockIdInput).mutation(async ({ ctx, input }) => {
    await federationService.removeBlock(ctx.services.db, ctx.actor.id, input.blockId);
    return { id: input.blockId };
  }),

  /** The creator's recent posts (latest first, at most 50) with their like, boost and reply counts. */
  posts: fediverseOwnerProcedure.output(postsOutput).query(async ({ ctx }) => {
    enabledRuntime(ctx.services);
    return { posts: await listPosts(ctx.services.db, ctx.actor.id) };
  }),

  /** Fediverse replies to the creator's episode and replay notes: pending (waiting for approval) and approved, latest first. */
  comments: fediverseOwnerProcedure.output(z.array(commentOutput)).query(async ({ ctx }) => {
    enabledRuntime(ctx.services);
    return creatorComments(ctx.services.db, ctx.actor.id);
  }),

  approveComment: fediverseOwnerProcedure
    .input(commentIdInput)
    .output(commentDecisionOutput)
    .mutation(({ ctx, input }) => decideComment(ctx.services.db, ctx.actor.id, input.commentId, 'approved')),

  rejectComment: fediverseOwnerProcedure
    .input(commentIdInput)
    .output(commentDecisionOutput)
    .mutation(({ ctx, input }) => decideComment(ctx.services.db, ctx.actor.id, input.commentId, 'rejected')),

  /** A public episode's approved Fediverse comments, oldest first (members-only and premium-replay episodes: not found). */
  episodeComments: publicProcedure.meta({ scope: 'public' })
    .input(episodeCommentsInput)
    .output(z.array(publicCommentOutput))
    .query(({ ctx, input }) => episodeComments(ctx.services.db, federationService.publicOrigin(ctx.services), input.episodeId)),

  settings: fediverseOwnerProcedure.output(settingsOutput).query(({ ctx }) => {
    enabledRuntime(ctx.services);
    return federationService.getSettings(ctx.services, ctx.actor.id);
  }),

  updateSettings: fediverseOwnerProcedure
    .input(settingsInput)
    .output(settingsOutput)
    .mutation(({ ctx, input }) => federationService.updateSettings(ctx.services, ctx.actor.id, input)),

  /** The instance's domain and actor blocks (admins). */
  instanceBlocks: adminProcedure.output(z.array(blockOutput)).query(({ ctx }) => federationService.listBlocks(ctx.services.db, federationService.instanceScope)),

  blockForInstance: adminProcedure
    .input(blockInput)
    .output(blockOutput)
    .mutation(({ ctx, input }) => federationService.addBlock(ctx.services.db, federationService.instanceScope, input)),

  unblockForInstance: adminProcedure.input(blockIdInput).mutation(async ({ ctx, input }) => {
    await federationService.removeBlock(ctx.services.db, federationService.instanceScope, input.blockId);
    return { id: input.blockId };
  }),
});

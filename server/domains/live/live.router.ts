import { z } from 'zod';
import { creatorProcedure, publicProcedure, router } from '@server/trpc/init';
import { contextLocale } from '@server/trpc/context';
import { translate } from '@server/i18n/translate';
import type { Locale } from '@common/locales';
import {
  liveBadgesInput,
  liveBadgesOutput,
  liveDashboardOutput,
  liveEventInput,
  liveSettingsOutput,
  liveStatusOutput,
  publishRecordingInput,
  publishRecordingOutput,
  recordingIdInput,
  recordingOutput,
  rotateKeyInput,
  recordingsOutput,
  rotateKeyOutput,
  updateLiveSettingsInput,
} from './live.schemas';

/** An answer whose `reason` (ingest availability, a plan or publish refusal: sent as data) is in the caller's language. */
function withReasonIn<Answer extends { reason: string | null }>(locale: Locale, answer: Answer): Answer {
  return answer.reason ? { ...answer, reason: translate(locale, answer.reason) } : answer;
}

/** Going live from OBS: the creator's key and state, the public status of an event, recordings. */
export const liveRouter = router({
  /** Where OBS publishes and the stream key (created on first use; only its owner sees it). */
  settings: creatorProcedure.meta({ scope: 'live:read' })
    .output(liveSettingsOutput)
    .query(async ({ ctx }) => withReasonIn(contextLocale(ctx), await ctx.services.live.settings(ctx.actor))),

  /** A new stream key; a stream running on the old key ends at once. */
  rotateKey: creatorProcedure.meta({ scope: 'live:write' })
    .input(rotateKeyInput)
    .output(rotateKeyOutput)
    .mutation(({ ctx }) => ctx.services.live.rotateKey(ctx.actor)),

  updateSettings: creatorProcedure.meta({ scope: 'live:write' })
    .input(updateLiveSettingsInput)
    .output(liveSettingsOutput)
    .mutation(async ({ ctx, input }) => withReasonIn(contextLocale(ctx), await ctx.services.live.updateSettings(ctx.actor, input))),

  /** The Go live page: state, session, health, viewers, last refusal, the event a publish would use now. */
  dashboard: creatorProcedure.meta({ scope: 'live:read' })
    .output(liveDashboardOutput)
    .query(async ({ ctx }) => {
      const dashboard = await ctx.services.live.dashboard(ctx.actor);
      return dashboard.lastRefusal ? { ...dashboard, lastRefusal: withReasonIn(contextLocale(ctx), dashboard.lastRefusal) } : dashboard;
    }),

  /** Whether an event is live (public): offline, live or ended, the viewer count when shown, the start. */
  status: publicProcedure.meta({ scope: 'public' })
    .input(liveEventInput)
    .output(liveStatusOutput)
    .query(({ ctx, input }) => ctx.services.live.status(ctx.actor, input.eventId)),

  /**
   * What the badges of up to 100 events follow (public): our own stream's state (offline, live, ended) and the name
   * of the external source each plays (never its URL); unknown ids are left out.
   */
  badges: publicProcedure.meta({ scope: 'public' })
    .input(liveBadgesInput)
    .output(liveBadgesOutput)
    .query(({ ctx, input }) => ctx.services.live.badges(input.eventIds)),

  /** The same status now and on every change (start, end, viewer count). */
  onStatus: publicProcedure.meta({ scope: 'public' })
    .input(liveEventInput)
    .subscription(({ ctx, input, signal }) => ctx.services.live.watchStatus(ctx.actor, input.eventId, signal)),

  /** The creator's recordings, newest first. */
  recordings: creatorProcedure.meta({ scope: 'live:read' })
    .output(recordingsOutput)
    .query(({ ctx }) => ctx.services.live.recordings(ctx.actor)),

  /** One of the creator's recordings (another account's is "not found"). */
  recording: creatorProcedure.meta({ scope: 'live:read' })
    .input(recordingIdInput)
    .output(recordingOutput)
    .query(({ ctx, input }) => ctx.services.live.recording(ctx.actor, input.recordingId)),

  /** A ready recording becomes an episode of one of the creator's video podcast titles. */
  publishRecording: creatorProcedure.meta({ scope: 'live:write', errors: ['CONFLICT'] })
    .input(publishRecordingInput)
    .output(publishRecordingOutput)
    .mutation(({ ctx, input }) => ctx.services.live.publishRecording(ctx.actor, input)),

  /** Removes a recording (its file and row; an episode made from it keeps its own copy). */
  deleteRecording: creatorProcedure.meta({ scope: 'live:write', errors: ['CONFLICT'] })
    .input(recordingIdInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => ctx.services.live.deleteRecording(ctx.actor, input.recordingId)),
});

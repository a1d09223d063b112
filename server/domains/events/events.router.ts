import { authedProcedure, creatorProcedure, publicProcedure, router } from '@server/trpc/init';
import {
  createEventInput,
  eventIdInput,
  eventOutput,
  eventStreamInput,
  eventStreamOutput,
  eventsOutput,
  publicScheduleOutput,
  subdomainInput,
  updateEventInput,
  viewerAccessInput,
  viewerAccessOutput,
} from './events.schemas';
import * as eventsService from './events.service';
import { createOwnEvent, deleteOwnEvent, updateOwnEvent } from './event-changes';
import { eventStream } from './stream-source';

export const eventsRouter = router({
  /** The caller's own events, by start ("TBA" last). */
  list: creatorProcedure.meta({ scope: 'events:read' }).output(eventsOutput).query(({ ctx }) => eventsService.listOwnEvents(ctx.services.db, ctx.actor)),

  /** One of the caller's own events (admins: any). Someone else's answers 404. */
  byId: creatorProcedure.meta({ scope: 'events:read' })
    .input(eventIdInput)
    .output(eventOutput)
    .query(({ ctx, input }) => eventsService.getOwnEvent(ctx.services.db, ctx.actor, input.id)),

  create: creatorProcedure.meta({ scope: 'events:write' })
    .input(createEventInput)
    .output(eventOutput)
    .mutation(({ ctx, input }) => createOwnEvent(ctx.services, ctx.actor, input)),

  update: creatorProcedure.meta({ scope: 'events:write' })
    .input(updateEventInput)
    .output(eventOutput)
    .mutation(({ ctx, input }) => updateOwnEvent(ctx.services, ctx.actor, input)),

  delete: creatorProcedure.meta({ scope: 'events:write' })
    .input(eventIdInput)
    .output(eventIdInput)
    .mutation(({ ctx, input }) => deleteOwnEvent(ctx.services, ctx.actor, input.id)),

  /** Any event, as its public page shows it. */
  publicById: publicProcedure.meta({ scope: 'public' })
    .input(eventIdInput)
    .output(eventOutput)
    .query(({ ctx, input }) => eventsService.getPublicEvent(ctx.services.db, input.id)),

  /** The event a subdomain's page opens with: the next upcoming active one, else the most recent. */
  latest: publicProcedure.meta({ scope: 'public' })
    .input(subdomainInput)
    .output(eventOutput)
    .query(({ ctx, input }) => eventsService.latestEvent(ctx.services.db, input.subdomain)),

  /**
   * What the event's player plays: free events to anyone; premium ones to the creator, admins and viewers with
   * access (else 403 "Buy access to watch this event"). Our own stream's URL carries a short-lived signed token.
   */
  stream: publicProcedure.meta({ scope: 'public' })
    .input(eventStreamInput)
    .output(eventStreamOutput)
    .query(({ ctx, input }) => eventStream(ctx.services.db, ctx.actor, input.eventId, ctx.services.streams.playbackFor)),

  /** A creator and their active, dated events (the iCal feed). */
  publicSchedule: publicProcedure.meta({ scope: 'public' })
    .input(subdomainInput)
    .output(publicScheduleOutput)
    .query(({ ctx, input }) => eventsService.publicSchedule(ctx.services.db, input.subdomain)),

  /** The premium events the signed-in viewer may enter (any other account has none). Only that account may ask. */
  checkHasPermission: authedProcedure.meta({ scope: 'session' })
    .input(viewerAccessInput)
    .output(viewerAccessOutput)
    .query(({ ctx, input }) => eventsService.viewerEventAccess(ctx.services.db, ctx.actor, input.userId)),
});

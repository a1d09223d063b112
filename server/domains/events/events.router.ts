import { authedProcedure, creatorProcedure, publicProcedure, router } from '@server/trpc/init';
import {
  createEventInput,
  eventIdInput,
  eventOutput,
  eventsOutput,
  publicScheduleOutput,
  subdomainInput,
  updateEventInput,
  viewerAccessInput,
  viewerAccessOutput,
} from './events.schemas';
import * as eventsService from './events.service';

export const eventsRouter = router({
  /** The caller's own events, by start ("TBA" last). */
  list: creatorProcedure.output(eventsOutput).query(({ ctx }) => eventsService.listOwnEvents(ctx.services.db, ctx.actor)),

  /** One of the caller's own events (admins: any). Someone else's answers 404. */
  byId: creatorProcedure
    .input(eventIdInput)
    .output(eventOutput)
    .query(({ ctx, input }) => eventsService.getOwnEvent(ctx.services.db, ctx.actor, input.id)),

  create: creatorProcedure
    .input(createEventInput)
    .output(eventOutput)
    .mutation(({ ctx, input }) => eventsService.createEvent(ctx.services.db, ctx.actor, input)),

  update: creatorProcedure
    .input(updateEventInput)
    .output(eventOutput)
    .mutation(({ ctx, input }) => eventsService.updateEvent(ctx.services.db, ctx.actor, input)),

  delete: creatorProcedure
    .input(eventIdInput)
    .output(eventIdInput)
    .mutation(({ ctx, input }) => eventsService.deleteEvent(ctx.services.db, ctx.actor, input.id)),

  /** Any event, as its public page shows it. */
  publicById: publicProcedure
    .input(eventIdInput)
    .output(eventOutput)
    .query(({ ctx, input }) => eventsService.getPublicEvent(ctx.services.db, input.id)),

  /** The event a subdomain's page opens with: the next upcoming active one, else the most recent. */
  latest: publicProcedure
    .input(subdomainInput)
    .output(eventOutput)
    .query(({ ctx, input }) => eventsService.latestEvent(ctx.services.db, input.subdomain)),

  /** A creator and their active, dated events (the iCal feed). */
  publicSchedule: publicProcedure
    .input(subdomainInput)
    .output(publicScheduleOutput)
    .query(({ ctx, input }) => eventsService.publicSchedule(ctx.services.db, input.subdomain)),

  /** The premium events the signed-in viewer may enter (any other account has none). Only that account may ask. */
  checkHasPermission: authedProcedure
    .input(viewerAccessInput)
    .output(viewerAccessOutput)
    .query(({ ctx, input }) => eventsService.viewerEventAccess(ctx.services.db, ctx.actor, input.userId)),
});

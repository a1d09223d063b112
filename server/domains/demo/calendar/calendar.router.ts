import { z } from 'zod';
import { router } from '@server/trpc/init';
import { demoProcedure } from '../demo.procedure';
import { addEventInput, calendarEvent, removeEventInput, updateEventInput } from './calendar.schemas';
import * as calendar from './calendar.service';

export const calendarRouter = router({
  events: demoProcedure.output(z.array(calendarEvent)).query(({ ctx }) => calendar.listEvents(ctx.services.db)),
  addEvent: demoProcedure
    .input(addEventInput)
    .output(calendarEvent)
    .mutation(({ ctx, input }) => calendar.addEvent(ctx.services.db, input.newEvent)),
  updateEvent: demoProcedure
    .input(updateEventInput)
    .output(calendarEvent)
    .mutation(({ ctx, input }) => calendar.updateEvent(ctx.services.db, input.event)),
  removeEvent: demoProcedure
    .input(removeEventInput)
    .output(z.string())
    .mutation(({ ctx, input }) => calendar.removeEvent(ctx.services.db, input.eventId)),
});

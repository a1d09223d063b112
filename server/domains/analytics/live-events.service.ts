import { and, desc, eq, isNotNull, lte, type SQL } from 'drizzle-orm';
import { events } from '@db/schema/events';
import { users } from '@db/schema/users';
import type { Actor } from '@server/platform/actor';
import type { Services } from '@server/services';
import { analyticsScope } from './analytics.access';
import { liveEventsInput, type LiveEvents } from './analytics.schemas';
import type { z } from 'zod';

/** The picker shows this many events, latest first. */
export const liveEventsShown = 100;

/**
 * The events whose audience a scope may read (`analyticsScope`: a creator their own, an admin one creator's or the
 * whole install's): those that have started by now, latest first.
 */
export async function liveEventsOf(services: Pick<Services, 'db' | 'clock'>, actor: Actor, input: z.input<typeof liveEventsInput>): Promise<LiveEvents> {
  const { creatorId } = liveEventsInput.parse(input);
  const scope = await analyticsScope(services, actor, creatorId);
  const started: SQL[] = [isNotNull(events.startDateTime), lte(events.startDateTime, new Date(services.clock.now()).toISOString())];
  if (scope.creatorId) started.push(eq(events.userId, scope.creatorId));
  const rows = await services.db
    .select({ id: events.id, name: events.name, startDateTime: events.startDateTime, endDateTime: events.endDateTime, creatorName: users.displayName })
    .from(events)
    .innerJoin(users, eq(users.id, events.userId))
    .where(and(...started))
    .orderBy(desc(events.startDateTime))
    .limit(liveEventsShown);
  return { events: rows.map((row) => ({ ...row, startDateTime: row.startDateTime! })) };
}

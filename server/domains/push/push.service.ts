import { DomainError } from '@server/platform/errors';
import { and, desc, eq, gt, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { changedRows, firstRow } from '@db/store';
import { executeStatement, inJsonList } from '@db/portable-sql';
import { events } from '@db/schema/events';
import { pushDeliveries, pushNotifications, pushSubscriptions } from '@db/schema/push';
import { users } from '@db/schema/users';
import { fieldError } from '@server/platform/errors';
import { newId, nowIso } from '@server/lib/ids';
import type { WebhookServices } from '@server/domains/webhooks/webhooks.service';
import type { Actor } from '@server/platform/actor';
import { appIconUrl } from '@server/domains/mobile-app/mobile-app.service';
import { publicUserEpisodes } from '@server/domains/podcasts/podcasts.service';
import { hasNotificationCreationPermission } from '@server/domains/subscriptions/subscriptions.service';
import { currentMemberIds } from '@server/domains/memberships/membership-access';
import {
  pushMessages,
  type LinkOption,
  type NotificationHistoryItem,
  type OverviewAnswer,
  type PushAudience,
  type SendInput,
  type SubscribeInput,
} from './push.schemas';
import type { PushNotificationKind } from '@common/push-values';
import { liveNotificationText, subscriberLocale } from './live-wording';

/** What push's procedures are handed: the services and push's queue lane, woken when a notification is recorded. */
export type PushServices = WebhookServices & { push: { queue: { kick(): void } } };

/** How long a push service keeps an undelivered notification (the TTL header), and so how long the queue keeps trying. */
export const notificationTtlSeconds = 24 * 3600;

/** A subscribing browser may add at most this many creators per endpoint per minute (and an address this many subscribe calls). */
export const subscribeLimits = {
  perEndpoint: { limit: 5, windowMs: 60_000 },
  perAddress: { limit: 60, windowMs: 60_000 },
} as const;

type UserRow = typeof users.$inferSelect;

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** An address literal or a name that only resolves inside a network: never a browser vendor's push service. */
function isInternalHost(hostname: string): boolean {
  return /^\[|^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || !hostname.includes('.') || /\.(local|localhost|internal|lan|home\.arpa)$/.test(hostname);
}

/**
 * https to a public host name; in production nothing else, since anyone may subscribe and the queue then POSTs to the
 * endpoint (no address literals or internal names). Outside production plain http to a loopback push service (tests).
 */
export function isAcceptableEndpoint(endpoint: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (production) return url.protocol === 'https:' && !isInternalHost(url.hostname);
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

/** The browser key must be an uncompressed P-256 point (65 bytes, 0x04 first) and the auth secret 16 bytes. */
function hasUsableKeys(keys: { p256dh: string; auth: string }): boolean {
  const point = Buffer.from(keys.p256dh, 'base64url');
  const secret = Buffer.from(keys.auth, 'base64url');
  return point.length === 65 && point[0] === 0x04 && secret.length === 16;
}

/** An account fans can follow: an active creator (or admin) account. */
async function findCreator(db: Db, creatorId: string): Promise<UserRow | undefined> {
  const user = await firstRow(db.select().from(users).where(eq(users.id, creatorId)));
  return user && user.isActive && (user.role === 'dj' || user.role === 'admin') ? user : undefined;
}

// Subscribing (public, no account; a signed-in viewer's browser is recorded as theirs, so members-only sends reach it).

export async function subscribe(services: PushServices, input: SubscribeInput, clientIp: string, viewerId: string | null = null): Promise<{ subscribed: boolean }> {
  const { endpoint, keys } = input.subscription;
  if (!isAcceptableEndpoint(endpoint, services.config.env === 'production')) {
    throw fieldError('BAD_REQUEST', pushMessages.endpoint, { 'subscription.endpoint': pushMessages.endpoint });
  }
  if (!hasUsableKeys(keys)) throw fieldError('BAD_REQUEST', pushMessages.keys, { 'subscription.keys': pushMessages.keys });
  await services.rateLimiter.consume(`push-subscribe:address:${clientIp}`, subscribeLimits.perAddress);
  await services.rateLimiter.consume(`push-subscribe:endpoint:${endpoint}`, subscribeLimits.perEndpoint);
  if (!(await findCreator(services.db, input.creatorId))) throw new DomainError({ code: 'NOT_FOUND', message: pushMessages.creatorNotFound });
  const now = nowIso();
  await services.db
    .insert(pushSubscriptions)
    .values({ id: newId(), creatorId: input.creatorId, endpoint, p256dh: keys.p256dh, auth: keys.auth, viewerId, locale: input.locale ?? null })
    .onConflictDoUpdate({
      target: [pushSubscriptions.creatorId, pushSubscriptions.endpoint],
      // The same browser subscribing again without a session keeps the account it was subscribed with (and without a
      // language, the language it was subscribed in).
      set: { p256dh: keys.p256dh, auth: keys.auth, updatedAt: now, ...(viewerId && { viewerId }), ...(input.locale && { locale: input.locale }) },
    });
  return { subscribed: true };
}

/** Removes the endpoint from every creator it follows (a browser endpoint belongs to one app's service worker). */
export async function unsubscribe(db: Db, endpoint: string): Promise<{ subscribed: boolean }> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  return { subscribed: false };
}

export async function subscriberCount(db: Db, creatorId: string): Promise<number> {
  return (await firstRow(db.select({ count: sql<number>`count(*)` }).from(pushSubscriptions).where(eq(pushSubscriptions.creatorId, creatorId))))?.count ?? 0;
}

/** The creator's subscriptions a notification for `audience` goes to: all, or those of signed-in current members. */
async function audienceOf(db: Db, creatorId: string, audience: PushAudience) {
  const ofCreator = eq(pushSubscriptions.creatorId, creatorId);
  if (audience === 'all') return ofCreator;
  return and(ofCreator, inJsonList(db, pushSubscriptions.viewerId, await currentMemberIds(db, creatorId)));
}

export async function memberSubscriberCount(db: Db, creatorId: string): Promise<number> {
  const members = await audienceOf(db, creatorId, 'members');
  return (await firstRow(db.select({ count: sql<number>`count(*)` }).from(pushSubscriptions).where(members)))?.count ?? 0;
}

// Sending.

function creatorPages(creator: UserRow): { defaultUrl: string | null } {
  return { defaultUrl: creator.creatorTag ? `/events/${encodeURIComponent(creator.creatorTag)}` : null };
}

/** The platform's own app icon (web/public, the main manifest's): what a creator without an app or a photo shows. */
export const defaultPushIcon = '/icon-192.png';

/** Every notification carries an icon: the creator's app icon, else their photo, else the platform's icon. */
async function iconFor(db: Db, creator: UserRow): Promise<string> {
  return (await appIconUrl(db, creator)) ?? creator.imageUrl ?? defaultPushIcon;
}

/** Whose subscribers a send or a history read addresses: a creator only their own; an admin any creator's (their own by default). */
async function targetCreator(db: Db, actor: Actor, creatorId: string | undefined): Promise<UserRow> {
  if (actor.role !== 'admin') {
    if (creatorId && creatorId !== actor.id) throw new DomainError({ code: 'FORBIDDEN', message: pushMessages.otherCreator });
    return actor.user;
  }
  const creator = await findCreator(db, creatorId ?? actor.id);
  if (!creator) throw new DomainError({ code: 'NOT_FOUND', message: pushMessages.creatorNotFound });
  return creator;
}

interface NewNotification {
  creator: UserRow;
  kind: PushNotificationKind;
  title: string;
  body: string;
  url: string;
  sentBy: string | null;
  eventId?: string;
  audience?: PushAudience;
}

/**
 * Records the notification and one queued delivery per current subscriber of its audience in one transaction (the
 * caller wakes the queue after its commit: `wake`). Answers null when the event already had its notification (the
 * unique event id makes it once per event).
 */
async function enqueue(services: PushServices, notification: NewNotification): Promise<{ id: string; recipients: number } | null> {
  const id = newId();
  const audience = notification.audience ?? 'all';
  const recipients = await audienceOf(services.db, notification.creator.id, audience);
  return services.db.transaction(async (tx) => {
    const inserted = await changedRows(
      tx
        .insert(pushNotifications)
        .values({
          id,
          creatorId: notification.creator.id,
          kind: notification.kind,
          eventId: notification.eventId ?? null,
          sentBy: notification.sentBy,
          title: notification.title,
          body: notification.body,
          url: notification.url,
          icon: await iconFor(services.db, notification.creator),
          audience,
        })
        .onConflictDoNothing(),
    );
    if (inserted === 0) return null;
    const queued = await executeStatement(
      tx,
      sql`INSERT INTO ${pushDeliveries} (notification_id, subscription_id) SELECT cast(${id} as text), ${pushSubscriptions.id} FROM ${pushSubscriptions} WHERE ${recipients}`,
    );
    if (queued === 0) await tx.update(pushNotifications).set({ completedAt: nowIso() }).where(eq(pushNotifications.id, id));
    return { id, recipients: queued };
  });
}

/** Wakes the push queue when a notification has deliveries to send. */
function wake(services: PushServices, created: { recipients: number } | null): void {
  if (created && created.recipients > 0) services.push.queue.kick();
}

export async function sendNotification(services: PushServices, actor: Actor, input: SendInput): Promise<{ id: string; recipients: number }> {
  const creator = await targetCreator(services.db, actor, input.creatorId);
  if (!(await hasNotificationCreationPermission(services.db, actor))) throw new DomainError({ code: 'FORBIDDEN', message: pushMessages.notPermitted });
  const url = input.url ?? creatorPages(creator).defaultUrl;
  if (!url) throw fieldError('BAD_REQUEST', pushMessages.noCreatorTag, { url: pushMessages.noCreatorTag });
  const created = (await enqueue(services, { creator, kind: 'manual', title: input.title, body: input.body, url, sentBy: actor.id, audience: input.audience ?? 'all' }))!;
  wake(services, created);
  return created;
}

/**
 * An event is live while it is active and inside its time window; an active event without times ("TBA") counts as
 * live the moment it is made active (that is all its creator can tell us).
 */
export function isEventLive(event: Pick<typeof events.$inferSelect, 'isActive' | 'startDateTime' | 'endDateTime'>, now = new Date()): boolean {
  if (!event.isActive) return false;
  if (!event.startDateTime) return true;
  const nowText = now.toISOString();
  return event.startDateTime <= nowText && (!event.endDateTime || event.endDateTime > nowText);
}

/**
 * "{creator} is live: {event}" to the creator's subscribers when an event goes live; at most once per event (later
 * calls answer null). Called when an event is created or made active, and by the sweep when a scheduled start
 * time arrives. Skipped while the event is not live or the creator may not send notifications.
 */
export async function notifyEventLive(
  services: PushServices,
  eventId: string,
  now = new Date(),
  options: { streaming?: boolean } = {},
): Promise<{ id: string; recipients: number } | null> {
  // One transaction: the notification is queued for the event as read (still live, its creator still allowed to send).
  const created = await services.db.transaction(async () => {
    const event = await firstRow(services.db.select().from(events).where(eq(events.id, eventId)));
    // A stream that started (live domain) makes an active event live even before its scheduled start (an early start).
    if (!event || !(isEventLive(event, now) || (options.streaming && event.isActive))) return null;
    const creator = await findCreator(services.db, event.userId);
    if (!creator?.creatorTag || !(await hasNotificationCreationPermission(services.db, creator))) return null;
    // Recorded (and shown in the history) in the creator's language; each subscriber's copy is worded in theirs when sent.
    return enqueue(services, {
      creator,
      kind: 'event_live',
      eventId: event.id,
      ...liveNotificationText(subscriberLocale(null, creator.locale), creator.displayName, event.name),
      url: `/events/${encodeURIComponent(creator.creatorTag)}/${encodeURIComponent(event.id)}`,
      sentBy: null,
    });
  });
  wake(services, created);
  return created;
}

/**
 * For the events create/update path: announces the event if it is live now. Never fails the caller (saving the event
 * matters more than the announcement; a failure is logged).
 */
export async function announceEventIfLive(services: PushServices, eventId: string): Promise<void> {
  try {
    await notifyEventLive(services, eventId);
  } catch (error) {
    services.log.error({ err: error, eventId }, 'push: announcing a live event failed');
  }
}

/**
 * For the live domain: a stream started in this event, so announce it (unless this event already sent its go-live
 * notification). Never fails the caller.
 */
export async function announceStreamStarted(services: PushServices, eventId: string): Promise<void> {
  try {
    await notifyEventLive(services, eventId, new Date(), { streaming: true });
  } catch (error) {
    services.log.error({ err: error, eventId }, 'push: announcing a started stream failed');
  }
}

/** A scheduled event whose start passed longer ago than this is not announced any more (e.g. after downtime). */
export const liveAnnouncementWindowMs = 2 * 3600_000;

/**
 * The sweep (every 30 s, `PushRuntime`): scheduled events that started within the announcement window, are still
 * running and have no live notification yet. The unique event id keeps it once per event across instances.
 */
export async function announceStartedEvents(services: PushServices, now = new Date()): Promise<number> {
  const nowText = now.toISOString();
  const started = await services.db
    .select({ id: events.id })
    .from(events)
    .leftJoin(pushNotifications, eq(pushNotifications.eventId, events.id))
    .where(
      and(
        eq(events.isActive, true),
        isNull(pushNotifications.id),
        lte(events.startDateTime, nowText),
        gte(events.startDateTime, new Date(now.getTime() - liveAnnouncementWindowMs).toISOString()),
        or(isNull(events.endDateTime), gt(events.endDateTime, nowText)),
      ),
    )
    .limit(100);
  let announced = 0;
  for (const { id } of started) if (await notifyEventLive(services, id, now)) announced += 1;
  return announced;
}

// History and the compose page.

const countOf = (status: string) => sql<number>`coalesce(sum(CASE WHEN ${pushDeliveries.status} = ${status} THEN 1 ELSE 0 END), 0)`;

export async function notificationHistory(db: Db, actor: Actor, creatorId: string | undefined, limit = 50): Promise<NotificationHistoryItem[]> {
  const creator = await targetCreator(db, actor, creatorId);
  return db
    .select({
      id: pushNotifications.id,
      kind: pushNotifications.kind,
      audience: pushNotifications.audience,
      title: pushNotifications.title,
      body: pushNotifications.body,
      url: pushNotifications.url,
      createdAt: pushNotifications.createdAt,
      completedAt: pushNotifications.completedAt,
      recipients: sql<number>`count(${pushDeliveries.id})`,
      sent: countOf('sent'),
      failed: countOf('failed'),
      removed: countOf('removed'),
      pending: sql<number>`coalesce(sum(CASE WHEN ${pushDeliveries.status} IN ('pending', 'sending') THEN 1 ELSE 0 END), 0)`,
    })
    .from(pushNotifications)
    .leftJoin(pushDeliveries, eq(pushDeliveries.notificationId, pushNotifications.id))
    .where(eq(pushNotifications.creatorId, creator.id))
    .groupBy(pushNotifications.id)
    .orderBy(desc(pushNotifications.createdAt), desc(pushNotifications.id))
    .limit(limit);
}

/** What a notification can open: the creator's events and published episodes. */
async function contentLinks(services: PushServices, creator: UserRow): Promise<LinkOption[]> {
  const links: LinkOption[] = [];
  if (creator.creatorTag) {
    const tag = encodeURIComponent(creator.creatorTag);
    const ownEvents = await services.db
      .select({ id: events.id, name: events.name })
      .from(events)
      .where(eq(events.userId, creator.id))
      .orderBy(desc(events.startDateTime), desc(events.createdAt))
      .limit(50);
    for (const event of ownEvents) links.push({ label: event.name, url: `/events/${tag}/${encodeURIComponent(event.id)}`, group: 'event' });
  }
  for (const episode of await publicUserEpisodes(services, { userId: creator.id, limit: 50 })) {
    links.push({ label: `${episode.name} (${episode.podcastTitle})`, url: `/video/${encodeURIComponent(episode.id)}`, group: 'episode' });
  }
  return links;
}

export async function composeOverview(services: PushServices, actor: Actor, creatorId: string | undefined): Promise<OverviewAnswer> {
  const creator = await targetCreator(services.db, actor, creatorId);
  const { defaultUrl } = creatorPages(creator);
  const links: LinkOption[] = [];
  if (defaultUrl) links.push({ label: 'Event page (latest event)', url: defaultUrl, group: 'page' });
  if (creator.creatorTag) links.push({ label: 'My app', url: `/m/${encodeURIComponent(creator.creatorTag)}/`, group: 'page' });
  links.push(...(await contentLinks(services, creator)));
  return {
    creatorId: creator.id,
    creatorName: creator.displayName,
    creatorTag: creator.creatorTag,
    canSend: await hasNotificationCreationPermission(services.db, actor),
    subscriberCount: await subscriberCount(services.db, creator.id),
    memberSubscriberCount: await memberSubscriberCount(services.db, creator.id),
    icon: await iconFor(services.db, creator),
    defaultUrl,
    links,
    creators: actor.role === 'admin' ? await creatorsWithSubscribers(services.db) : [],
  };
}

function creatorsWithSubscribers(db: Db) {
  return db
    .select({
      id: users.id,
      name: users.displayName,
      creatorTag: users.creatorTag,
      subscriberCount: sql<number>`(SELECT count(*) FROM ${pushSubscriptions} WHERE ${pushSubscriptions.creatorId} = ${users.id})`,
    })
    .from(users)
    .where(and(inArray(users.role, ['dj', 'admin']), eq(users.isActive, true)))
    .orderBy(users.displayName);
}

import { DomainError } from '@server/platform/errors';
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { changedRows, firstRow } from '@db/store';
import { events } from '@db/schema/events';
import { mobileApps } from '@db/schema/mobile-app';
import { users } from '@db/schema/users';
import { fieldError } from '@server/platform/errors';
import { newId, nowIso } from '@server/lib/ids';
import { uploadKey } from '@server/platform/uploads';
import type { Services } from '@server/services';
import type { Actor } from '@server/platform/actor';
import { appIconsFolder, IconImageError, pruneIconVersions, removeIconSource, renderIconVersion, storeIconSource, type IconFileName } from './mobile-app.icons';
import { mobileAppMessages, nameMaxLength, shortNameMaxLength, type MobileAppOutput, type UpdateAppInput } from './mobile-app.schemas';
import { brandOrange } from '@common/mobile-app-values';
import { textDirection, type Locale } from '@common/locales';
import { translate } from '@server/i18n/translate';
import { appPageMessages } from './mobile-app.messages';

export type MobileAppRow = typeof mobileApps.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** An active creator (or admin) by creator tag, case-insensitively: whose app `/m/{tag}/` is. */
export async function findCreatorByTag(db: Db, tag: string): Promise<UserRow | undefined> {
  return firstRow(
    db
      .select()
      .from(users)
      .where(and(sql`lower(${users.creatorTag}) = lower(${tag})`, inArray(users.role, ['dj', 'admin']), eq(users.isActive, true)))
      .limit(1),
  );
}

export function appPath(creatorTag: string): string {
  return `/m/${encodeURIComponent(creatorTag)}/`;
}

export function iconPath(creatorTag: string, app: Pick<MobileAppRow, 'iconVersion'>, file: IconFileName): string {
  return `${appPath(creatorTag)}icons/${app.iconVersion}/${file}`;
}

async function findApp(db: Db, userId: string): Promise<MobileAppRow | undefined> {
  return firstRow(db.select().from(mobileApps).where(eq(mobileApps.userId, userId)).limit(1));
}

/** The icon notifications show: the creator's app icon (192 px), when their app exists. */
export async function appIconUrl(db: Db, creator: Pick<UserRow, 'id' | 'creatorTag'>): Promise<string | null> {
  if (!creator.creatorTag) return null;
  const app = await findApp(db, creator.id);
  return app ? iconPath(creator.creatorTag, app, 'icon-192.png') : null;
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, max).trimEnd();
}

/**
 * The creator's app, created on first use with their name and the brand colours (every creator with a tag
 * has an installable app from the start; the settings page changes it).
 */
export async function ensureApp(services: Services, creator: UserRow): Promise<MobileAppRow> {
  const existing = await findApp(services.db, creator.id);
  if (existing) return existing;
  const id = newId();
  const iconVersion = newId(6);
  const name = truncate(creator.displayName.trim() || creator.creatorTag || 'My app', nameMaxLength);
  await renderIconVersion(services.storage, id, iconVersion, { custom: false, themeColor: brandOrange, backgroundColor: brandOrange });
  const inserted = await changedRows(
    services.db
      .insert(mobileApps)
      .values({ id, userId: creator.id, name, shortName: truncate(name, shortNameMaxLength), themeColor: brandOrange, backgroundColor: brandOrange, iconVersion })
      .onConflictDoNothing(),
  );
  if (inserted === 0) {
    // Another request created it first: keep theirs.
    await services.storage.deleteFolder(appIconsFolder(id));
  }
  return (await findApp(services.db, creator.id))!;
}

function requireCreatorTag(user: UserRow): string {
  if (!user.creatorTag) throw new DomainError({ code: 'BAD_REQUEST', message: mobileAppMessages.noCreatorTag });
  return user.creatorTag;
}

export function toOutput(app: MobileAppRow, creatorTag: string): MobileAppOutput {
  return {
    id: app.id,
    name: app.name,
    shortName: app.shortName,
    themeColor: app.themeColor,
    backgroundColor: app.backgroundColor,
    startPage: app.startPage,
    hasCustomIcon: app.hasCustomIcon,
    icons: {
      icon192: iconPath(creatorTag, app, 'icon-192.png'),
      icon512: iconPath(creatorTag, app, 'icon-512.png'),
      maskable512: iconPath(creatorTag, app, 'maskable-512.png'),
    },
    path: appPath(creatorTag),
    manifestPath: `${appPath(creatorTag)}manifest.webmanifest`,
    updatedAt: app.updatedAt,
  };
}

/** The caller's apps (one per creator for now, created on first visit). */
export async function listOwnApps(services: Services, actor: Actor): Promise<MobileAppOutput[]> {
  const tag = requireCreatorTag(actor.user);
  return [toOutput(await ensureApp(services, actor.user), tag)];
}

/** Someone else's app answers 404, like a missing one. */
async function ownApp(db: Db, actor: Actor, appId: string): Promise<MobileAppRow> {
  const app = await firstRow(db.select().from(mobileApps).where(eq(mobileApps.id, appId)));
  if (!app || app.userId !== actor.id) throw new DomainError({ code: 'NOT_FOUND', message: mobileAppMessages.notFound });
  return app;
}

export async function getOwnApp(db: Db, actor: Actor, appId: string): Promise<MobileAppOutput> {
  return toOutput(await ownApp(db, actor, appId), requireCreatorTag(actor.user));
}

/** Points the app at a freshly rendered icon version, then drops the older ones. */
async function switchIcons(
  services: Services,
  app: MobileAppRow,
  changes: Partial<Pick<MobileAppRow, 'name' | 'shortName' | 'themeColor' | 'backgroundColor' | 'startPage' | 'hasCustomIcon'>>,
): Promise<MobileAppRow> {
  const next = { ...app, ...changes };
  const iconVersion = newId(6);
  await renderIconVersion(services.storage, app.id, iconVersion, {
    custom: next.hasCustomIcon,
    themeColor: next.themeColor,
    backgroundColor: next.backgroundColor,
  });
  await services.db.update(mobileApps).set({ ...changes, iconVersion, updatedAt: nowIso() }).where(eq(mobileApps.id, app.id));
  await pruneIconVersions(services.storage, app.id, iconVersion);
  return (await firstRow(services.db.select().from(mobileApps).where(eq(mobileApps.id, app.id))))!;
}

export async function updateApp(services: Services, actor: Actor, input: UpdateAppInput): Promise<MobileAppOutput> {
  const app = await ownApp(services.db, actor, input.appId);
  const tag = requireCreatorTag(actor.user);
  const changes = { name: input.name, shortName: input.shortName, themeColor: input.themeColor, backgroundColor: input.backgroundColor, startPage: input.startPage };
  const coloursChanged = input.themeColor !== app.themeColor || input.backgroundColor !== app.backgroundColor;
  if (coloursChanged) return toOutput(await switchIcons(services, app, changes), tag);
  await services.db.update(mobileApps).set({ ...changes, updatedAt: nowIso() }).where(eq(mobileApps.id, app.id));
  return toOutput((await firstRow(services.db.select().from(mobileApps).where(eq(mobileApps.id, app.id))))!, tag);
}

/** Turns an image stored under /uploads into the app's icon set (the REST upload removes its file afterwards). */
export async function setIcon(services: Services, actor: Actor, input: { appId: string; uploadUrl: string }): Promise<MobileAppOutput> {
  const app = await ownApp(services.db, actor, input.appId);
  const tag = requireCreatorTag(actor.user);
  const key = uploadKey(input.uploadUrl);
  const uploaded = key ? await services.storage.readBuffer(key) : null;
  try {
    if (!uploaded) throw new IconImageError('missing');
    await storeIconSource(services.storage, app.id, uploaded);
  } catch (error) {
    if (error instanceof IconImageError) throw fieldError('BAD_REQUEST', mobileAppMessages.icon, { icon: mobileAppMessages.icon });
    throw error;
  }
  return toOutput(await switchIcons(services, app, { hasCustomIcon: true }), tag);
}

/** Back to the drawn icon in the theme colour. */
export async function removeIcon(services: Services, actor: Actor, appId: string): Promise<MobileAppOutput> {
  const app = await ownApp(services.db, actor, appId);
  const tag = requireCreatorTag(actor.user);
  const updated = await switchIcons(services, app, { hasCustomIcon: false });
  await removeIconSource(services.storage, app.id);
  return toOutput(updated, tag);
}

// The public app.

export interface FeaturedEvent {
  id: string;
  name: string;
  description: string;
  startDateTime: string | null;
  endDateTime: string | null;
  live: boolean;
}

/** The event the app shows first: one live now, else the next upcoming active one, else an active "TBA" one. */
export async function featuredEvent(db: Db, creatorId: string, now = new Date()): Promise<FeaturedEvent | null> {
  const nowText = now.toISOString();
  const row = await firstRow(
    db
      .select()
      .from(events)
      .where(and(eq(events.userId, creatorId), eq(events.isActive, true), or(isNull(events.startDateTime), gt(events.endDateTime, nowText))))
      .orderBy(sql`${events.startDateTime} IS NULL`, asc(events.startDateTime))
      .limit(1),
  );
  if (!row) return null;
  const live = !!row.startDateTime && row.startDateTime <= nowText && (!row.endDateTime || row.endDateTime > nowText);
  return { id: row.id, name: row.name, description: row.description, startDateTime: row.startDateTime, endDateTime: row.endDateTime, live };
}

/** The Web App Manifest of a creator's app (W3C Web Application Manifest); its own words in `locale`, the creator's as written. */
export function manifestOf(app: MobileAppRow, creatorTag: string, creatorName: string, locale: Locale = 'en') {
  const scope = appPath(creatorTag);
  const startUrl = app.startPage === 'home' ? scope : `${scope}${app.startPage}`;
  return {
    id: scope,
    name: app.name,
    short_name: app.shortName,
    description: translate(locale, appPageMessages.manifestDescription, { creatorName }),
    lang: locale,
    dir: textDirection(locale),
    start_url: startUrl,
    scope,
    display: 'standalone',
    theme_color: app.themeColor,
    background_color: app.backgroundColor,
    icons: [
      { src: iconPath(creatorTag, app, 'icon-192.png'), sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: iconPath(creatorTag, app, 'icon-512.png'), sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: iconPath(creatorTag, app, 'maskable-512.png'), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

import type { WebhookServices } from '@server/domains/webhooks/webhooks.service';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { firstRow } from '@db/store';
import { mobileApps } from '@db/schema/mobile-app';
import { users } from '@db/schema/users';
import { iconKey } from '@server/domains/mobile-app/mobile-app.icons';
import { brandOrange } from '@common/mobile-app-values';
import { publicOrigin } from '@server/lib/public-url';
import { localCopy } from '@server/platform/storage';
import { uploadKey } from '@server/platform/uploads';
import { previewHeight, previewPath, previewsDir, previewVersion, previewWidth, type PreviewCard } from './og-images';
import type { PreviewImage } from './public-pages.head';

/**
 * The pictures link previews are made of. Only pictures every guest may already load go in: creators' avatars, podcast
 * covers, the art of published episodes of titles open to everyone. The files of a members-only title's episodes
 * and anything not yet published never become a preview (the callers only hand in those public pictures).
 */

export type PreviewServices = Pick<WebhookServices, 'db' | 'config' | 'webhooks' | 'storage'>;

export function absoluteUrl(services: PreviewServices, path: string): string {
  return /^https?:\/\//i.test(path) ? path : `${publicOrigin(services.config)}${path.startsWith('/') ? '' : '/'}${path}`;
}

export interface LocalImage {
  file: string;
  width: number;
  height: number;
  format: string;
}

/**
 * A stored image as a file on this machine, for drawing cards: the disk storage's own file, else a copy of the
 * bucket's object kept beside the cards (DATA_DIR/link-previews is a cache each instance keeps for itself).
 */
export function artFile(services: PreviewServices, key: string): Promise<string | null> {
  return localCopy(services.storage, key, join(previewsDir(services.config.dataDir), 'art'));
}

/** An `/uploads/<name>` URL's file on this machine with its size, when it is stored and readable. */
export async function localUpload(services: PreviewServices, url: string | null): Promise<LocalImage | null> {
  const key = uploadKey(url);
  const file = key ? await artFile(services, key) : null;
  if (!file) return null;
  try {
    const { width = 0, height = 0, format = '' } = await sharp(file).metadata();
    return { file, width, height, format };
  } catch {
    return null;
  }
}

const directFormats: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

export async function cardImage(services: PreviewServices, card: PreviewCard, alt: string): Promise<PreviewImage> {
  const version = await previewVersion(card);
  return { url: absoluteUrl(services, `${previewPath(card)}?v=${version}`), width: previewWidth, height: previewHeight, type: 'image/png', alt };
}

/** The art itself when it is large enough for a large preview, else a card drawn around it. */
export async function previewImage(services: PreviewServices, art: LocalImage | null, artUrl: string | null, card: PreviewCard, alt: string): Promise<PreviewImage> {
  const type = art && directFormats[art.format];
  if (art && artUrl && type && art.width >= previewWidth && art.height >= previewHeight) {
    return { url: absoluteUrl(services, artUrl), width: art.width, height: art.height, type, alt };
  }
  return cardImage(services, card, alt);
}

/**
 * The creator's face on their cards: their avatar (an upload of theirs; avatars are public) when it is stored here and
 * readable, else their app's icon (uploaded, or drawn in their colour) when the app exists, else nothing (the card's
 * gradient). The colour is the app's theme colour, else the brand's.
 */
export async function creatorArt(services: PreviewServices, creatorId: string): Promise<{ coverFile: string | null; color: string }> {
  const app = await firstRow(
    services.db
      .select({ id: mobileApps.id, iconVersion: mobileApps.iconVersion, themeColor: mobileApps.themeColor })
      .from(mobileApps)
      .where(eq(mobileApps.userId, creatorId))
      .limit(1),
  );
  const color = app?.themeColor ?? brandOrange;
  const avatar = await firstRow(services.db.select({ imageUrl: users.imageUrl }).from(users).where(eq(users.id, creatorId)));
  const face = await localUpload(services, avatar?.imageUrl ?? null);
  if (face) return { coverFile: face.file, color };
  if (!app) return { coverFile: null, color };
  return { coverFile: await artFile(services, iconKey(app.id, app.iconVersion, 'icon-512.png')), color };
}

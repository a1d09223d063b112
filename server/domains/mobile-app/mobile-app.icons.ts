import { join } from 'node:path';
import sharp from 'sharp';
import type { Storage } from '@server/platform/storage';

/** The rendered files of one icon version, in the storage under `mobile-apps/{appId}/{version}/`. */
export const iconFiles = {
  'icon-192.png': { size: 192, purpose: 'any' },
  'icon-512.png': { size: 512, purpose: 'any' },
  'maskable-512.png': { size: 512, purpose: 'maskable' },
} as const;
export type IconFileName = keyof typeof iconFiles;

export const minimumIconSize = 512;
/** The uploaded square is kept at this size, so later colour changes can render the maskable variant again. */
const sourceSize = 1024;
/** Share of a maskable icon the artwork covers: inside the 80% safe zone every launcher keeps. */
const maskableArtworkShare = 0.72;

/** Where the disk storage keeps an app's icons: DATA_DIR/mobile-apps/{appId}. */
export function appIconsDir(dataDir: string, appId: string): string {
  return join(dataDir, 'mobile-apps', appId);
}

/** The storage folder of an app's icons: the kept source and one folder per rendered version. */
export function appIconsFolder(appId: string): string {
  return `mobile-apps/${appId}/`;
}

function sourceKey(appId: string): string {
  return `${appIconsFolder(appId)}source.png`;
}

export function iconKey(appId: string, version: string, file: IconFileName): string {
  return `${appIconsFolder(appId)}${version}/${file}`;
}

/** Lucide's "audio-lines" glyph (the Cuepoint logo) in white on the theme colour. */
function generatedArtwork(size: number, color: string, rounded: boolean, glyphShare: number): Buffer {
  const glyph = size * glyphShare;
  const offset = (size - glyph) / 2;
  const radius = rounded ? size * 0.22 : 0;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
      `<rect width="${size}" height="${size}" rx="${radius}" fill="${color}"/>` +
      `<g transform="translate(${offset} ${offset}) scale(${glyph / 24})" fill="none" stroke="#ffffff" stroke-width="2" stroke-linecap="round">` +
      '<path d="M2 10v3"/><path d="M6 6v11"/><path d="M10 3v18"/><path d="M14 8v7"/><path d="M18 5v13"/><path d="M22 10v3"/>' +
      '</g></svg>',
  );
}

async function renderAll(source: Buffer | null, themeColor: string, backgroundColor: string): Promise<Record<IconFileName, Buffer>> {
  const fromSource = (size: number) => sharp(source!).resize(size, size).png().toBuffer();
  const maskable = async () => {
    const artwork = Math.round(512 * maskableArtworkShare);
    const inner = source
      ? await sharp(source).resize(artwork, artwork).png().toBuffer()
      : await sharp(generatedArtwork(artwork, themeColor, false, 0.8)).png().toBuffer();
    return sharp({ create: { width: 512, height: 512, channels: 4, background: source ? backgroundColor : themeColor } })
      .composite([{ input: inner, gravity: 'centre' }])
      .png()
      .toBuffer();
  };
  return {
    'icon-192.png': source ? await fromSource(192) : await sharp(generatedArtwork(192, themeColor, true, 0.56)).png().toBuffer(),
    'icon-512.png': source ? await fromSource(512) : await sharp(generatedArtwork(512, themeColor, true, 0.56)).png().toBuffer(),
    'maskable-512.png': await maskable(),
  };
}

export class IconImageError extends Error {}

/** Checks an uploaded image (a square PNG or JPEG of at least 512 px) and keeps it as the app's 1024 px source. */
export async function storeIconSource(storage: Storage, appId: string, uploaded: Buffer): Promise<void> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(uploaded).metadata();
  } catch {
    throw new IconImageError('unreadable');
  }
  const { format, width = 0, height = 0 } = metadata;
  if ((format !== 'png' && format !== 'jpeg') || width !== height || width < minimumIconSize) throw new IconImageError('rules');
  const size = Math.min(width, sourceSize);
  await storage.put(sourceKey(appId), await sharp(uploaded).rotate().resize(size, size).png().toBuffer());
}

export async function removeIconSource(storage: Storage, appId: string): Promise<void> {
  await storage.delete(sourceKey(appId));
}

/**
 * Renders the three icon files for `version` (from the kept source, or drawn in the theme colour). Each file is
 * written whole; a version is new when rendered, and the app row points at it only once all three are stored.
 */
export async function renderIconVersion(
  storage: Storage,
  appId: string,
  version: string,
  options: { custom: boolean; themeColor: string; backgroundColor: string },
): Promise<void> {
  const source = options.custom ? await storage.readBuffer(sourceKey(appId)) : null;
  const rendered = await renderAll(source, options.themeColor, options.backgroundColor);
  await Promise.all(
    Object.entries(rendered).map(([name, data]) => storage.put(iconKey(appId, version, name as IconFileName), data)),
  );
}

/** Renders `version` again when its files are missing (a restored or moved DATA_DIR); the drawn icon stands in for a lost upload. */
export async function ensureIconVersion(
  storage: Storage,
  appId: string,
  version: string,
  options: { custom: boolean; themeColor: string; backgroundColor: string },
): Promise<void> {
  const present = await Promise.all(Object.keys(iconFiles).map((file) => storage.exists(iconKey(appId, version, file as IconFileName))));
  if (present.every(Boolean)) return;
  await renderIconVersion(storage, appId, version, { ...options, custom: options.custom && (await storage.exists(sourceKey(appId))) });
}

/** Removes every rendered version but `keep` (after the app row points at it). */
export async function pruneIconVersions(storage: Storage, appId: string, keep: string): Promise<void> {
  const folder = appIconsFolder(appId);
  const versions = new Set((await storage.list(folder)).map((key) => key.slice(folder.length).split('/')).filter((parts) => parts.length === 2).map((parts) => parts[0]!));
  for (const version of versions) if (version !== keep) await storage.deleteFolder(`${folder}${version}/`);
}

import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

/** The rendered files of one icon version, in DATA_DIR/mobile-apps/{appId}/{version}/. */
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

export function appIconsDir(dataDir: string, appId: string): string {
  return join(dataDir, 'mobile-apps', appId);
}

function sourcePath(dataDir: string, appId: string): string {
  return join(appIconsDir(dataDir, appId), 'source.png');
}

export function iconFilePath(dataDir: string, appId: string, version: string, file: IconFileName): string {
  return join(appIconsDir(dataDir, appId), version, file);
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
export async function storeIconSource(dataDir: string, appId: string, uploadedPath: string): Promise<void> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(uploadedPath).metadata();
  } catch {
    throw new IconImageError('unreadable');
  }
  const { format, width = 0, height = 0 } = metadata;
  if ((format !== 'png' && format !== 'jpeg') || width !== height || width < minimumIconSize) throw new IconImageError('rules');
  await mkdir(appIconsDir(dataDir, appId), { recursive: true });
  const size = Math.min(width, sourceSize);
  await sharp(uploadedPath).rotate().resize(size, size).png().toFile(sourcePath(dataDir, appId));
}

export async function removeIconSource(dataDir: string, appId: string): Promise<void> {
  await rm(sourcePath(dataDir, appId), { force: true });
}

/**
 * Renders the three icon files for `version` (from the kept source, or drawn in the theme colour). The files
 * are written to a temporary folder first, so a version is complete or absent.
 */
export async function renderIconVersion(
  dataDir: string,
  appId: string,
  version: string,
  options: { custom: boolean; themeColor: string; backgroundColor: string },
): Promise<void> {
  const folder = appIconsDir(dataDir, appId);
  const source = options.custom ? await sharp(sourcePath(dataDir, appId)).toBuffer() : null;
  const rendered = await renderAll(source, options.themeColor, options.backgroundColor);
  const staging = join(folder, `.staging-${version}`);
  await mkdir(staging, { recursive: true });
  await Promise.all(Object.entries(rendered).map(([name, data]) => writeFile(join(staging, name), data)));
  await rm(join(folder, version), { recursive: true, force: true });
  await rename(staging, join(folder, version));
}

/** Renders `version` again when its files are missing (a restored or moved DATA_DIR); the drawn icon stands in for a lost upload. */
export async function ensureIconVersion(
  dataDir: string,
  appId: string,
  version: string,
  options: { custom: boolean; themeColor: string; backgroundColor: string },
): Promise<void> {
  if (Object.keys(iconFiles).every((file) => existsSync(iconFilePath(dataDir, appId, version, file as IconFileName)))) return;
  await renderIconVersion(dataDir, appId, version, { ...options, custom: options.custom && existsSync(sourcePath(dataDir, appId)) });
}

/** Removes every rendered version but `keep` (after the app row points at it). */
export async function pruneIconVersions(dataDir: string, appId: string, keep: string): Promise<void> {
  const folder = appIconsDir(dataDir, appId);
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== keep && !entry.name.startsWith('.staging-')) {
      await rm(join(folder, entry.name), { recursive: true, force: true });
    }
  }
}

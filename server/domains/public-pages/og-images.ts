import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

/** The size link previews ask for (Open Graph's and X's large card: 1.91:1). */
export const previewWidth = 1200;
export const previewHeight = 630;

/** Raised whenever the drawing below changes, so every cached card is drawn again. */
const drawingVersion = 1;

export type PreviewKind = 'events' | 'episodes' | 'creators' | 'podcasts' | 'pages';

/** What a preview card shows: the title, a line under it, the site name, and the record's art when it has any. */
export interface PreviewCard {
  kind: PreviewKind;
  /** The record's id (or the creator's tag, or the page's name): the card's stable URL. */
  id: string;
  title: string;
  subtitle: string;
  siteName: string;
  /** A readable image file on this machine (an upload, the creator's app icon), or null. */
  coverFile: string | null;
  /** The background when there is no cover. */
  color: string;
}

export function previewsDir(dataDir: string): string {
  return join(dataDir, 'link-previews');
}

/** `/og/{kind}/{id}.png`: the same for a record as long as it exists. */
export function previewPath(card: Pick<PreviewCard, 'kind' | 'id'>): string {
  return `/og/${card.kind}/${encodeURIComponent(card.id)}.png`;
}

/**
 * Changes when anything drawn changes (texts, colour, the cover file's size or time). Link-preview URLs carry it as
 * `?v=` so sites that cache previews by URL fetch a new card after an edit.
 */
export async function previewVersion(card: PreviewCard): Promise<string> {
  const cover = card.coverFile ? await stat(card.coverFile).catch(() => null) : null;
  return createHash('sha256')
    .update(JSON.stringify([drawingVersion, card.title, card.subtitle, card.siteName, card.color, card.coverFile, cover?.size, cover?.mtimeMs]))
    .digest('base64url')
    .slice(0, 16);
}

/** The card's folder: one per record, holding the current version's PNG. */
function cardDir(dataDir: string, card: Pick<PreviewCard, 'kind' | 'id'>): string {
  // Ids are base64url and tags word characters; anything else is hashed rather than put into a path.
  const safe = /^[A-Za-z0-9_-]{1,100}$/.test(card.id) ? card.id : createHash('sha256').update(card.id).digest('hex');
  return join(previewsDir(dataDir), card.kind, safe);
}

/**
 * The card's PNG on disk (DATA_DIR/link-previews/{kind}/{id}/{version}.png), drawn once per version; the record's older
 * versions are removed after a new one is written.
 */
export async function ensurePreviewFile(dataDir: string, card: PreviewCard): Promise<{ file: string; version: string }> {
  const version = await previewVersion(card);
  const dir = cardDir(dataDir, card);
  const file = join(dir, `${version}.png`);
  if (existsSync(file)) return { file, version };
  await mkdir(dir, { recursive: true });
  const png = await drawCard(card);
  const staging = join(dir, `.${version}.${randomBytes(6).toString('hex')}.tmp`);
  await writeFile(staging, png);
  await rename(staging, file);
  for (const name of await readdir(dir)) {
    if (name !== `${version}.png` && !name.endsWith('.tmp')) await rm(join(dir, name), { force: true });
  }
  return { file, version };
}

const xmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
function xml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => xmlEscapes[character]!);
}

/** Splits text into at most `maxLines` lines of about `perLine` characters, the last one ending in "…" when cut. */
export function wrapText(text: string, perLine: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (let index = 0; index < words.length; index++) {
    let word = words[index]!;
    if (word.length > perLine) word = `${word.slice(0, perLine - 1)}…`;
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= perLine) {
      current = candidate;
      continue;
    }
    lines.push(current);
    current = word;
    if (lines.length === maxLines) {
      const last = lines[maxLines - 1]!;
      lines[maxLines - 1] = `${last.length >= perLine ? last.slice(0, perLine - 1) : last}…`;
      return lines;
    }
  }
  if (current) lines.push(current);
  return lines;
}

const fontFamily = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";

/** The texts and the coloured rule, drawn over the background (SVG rendered by sharp). */
function textLayer(card: PreviewCard, left: number, width: number): Buffer {
  const titleSize = 60;
  // About 0.62 em per character of a wide bold sans-serif face (DejaVu Sans Bold), so lines stay inside the card.
  const titleLines = wrapText(card.title, Math.floor(width / (titleSize * 0.62)), 3);
  const subtitleLines = wrapText(card.subtitle, Math.floor(width / (32 * 0.55)), 2);
  const titleHeight = titleLines.length * titleSize * 1.15;
  const blockHeight = titleHeight + (subtitleLines.length ? 24 + subtitleLines.length * 40 : 0);
  let y = Math.max(90, (previewHeight - blockHeight) / 2) + titleSize * 0.85;
  const parts: string[] = [];
  for (const line of titleLines) {
    parts.push(`<text x="${left}" y="${y.toFixed(0)}" font-size="${titleSize}" font-weight="700">${xml(line)}</text>`);
    y += titleSize * 1.15;
  }
  y += 24 - titleSize * 0.15;
  for (const line of subtitleLines) {
    parts.push(`<text x="${left}" y="${y.toFixed(0)}" font-size="32" fill-opacity="0.85">${xml(line)}</text>`);
    y += 40;
  }
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${previewWidth}" height="${previewHeight}">` +
      `<g font-family="${fontFamily}" fill="#ffffff">${parts.join('')}` +
      `<rect x="${left}" y="${previewHeight - 78}" width="48" height="6" rx="3" fill="#f97316"/>` +
      `<text x="${left + 64}" y="${previewHeight - 66}" font-size="26" font-weight="700">${xml(card.siteName)}</text></g></svg>`,
  );
}

async function readableCover(file: string | null): Promise<Buffer | null> {
  if (!file) return null;
  try {
    // Square, upright, small enough to blur quickly; anything sharp cannot read is treated as no cover.
    return await sharp(file, { failOn: 'error' }).rotate().resize(600, 600, { fit: 'cover' }).png().toBuffer();
  } catch {
    return null;
  }
}

/** The cover centred-left on a blurred, darkened copy of itself, or a solid gradient; the texts beside it. */
async function drawCard(card: PreviewCard): Promise<Buffer> {
  const cover = await readableCover(card.coverFile);
  const layers: sharp.OverlayOptions[] = [];
  let background: sharp.Sharp;
  if (cover) {
    const blurred = await sharp(cover).resize(previewWidth, previewHeight, { fit: 'cover' }).blur(40).png().toBuffer();
    background = sharp(blurred);
    // Darkened so white text reads on any cover.
    layers.push({ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${previewWidth}" height="${previewHeight}"><rect width="100%" height="100%" fill="#0f172a" fill-opacity="0.6"/></svg>`) });
    const size = 430;
    const mask = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="28" fill="#fff"/></svg>`);
    const rounded = await sharp(cover).resize(size, size).composite([{ input: mask, blend: 'dest-in' }]).png().toBuffer();
    layers.push({ input: rounded, left: 80, top: Math.round((previewHeight - size) / 2) });
    layers.push({ input: textLayer(card, 80 + size + 60, previewWidth - (80 + size + 60) - 60) });
  } else {
    const gradient = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${previewWidth}" height="${previewHeight}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
        `<stop offset="0" stop-color="${xml(card.color)}"/><stop offset="1" stop-color="#0f172a"/></linearGradient></defs>` +
        `<rect width="${previewWidth}" height="${previewHeight}" fill="url(#g)"/></svg>`,
    );
    background = sharp(gradient);
    layers.push({ input: textLayer(card, 80, previewWidth - 160) });
  }
  return background.composite(layers).png().toBuffer();
}

import sharp from 'sharp';
import type { Db } from '@db/client';
import type { Product } from './ecommerce.schemas';
import { ecommerceProducts } from './ecommerce.service';

/**
 * The sample catalogue's pictures, drawn here (no photos are shipped): a tile in the product's colours with its
 * category's glyph and initials, rendered by sharp from SVG. The address keeps the template's asset path, so stored
 * products need no change; only addresses a stored product lists are answered.
 */
export const sampleImagePrefix = '/assets/images/ecommerce/';

export function sampleImageUrl(handle: string, position: number): string {
  return `${sampleImagePrefix}${handle}-${position}.jpg`;
}

const fileName = /^[a-z0-9][a-z0-9-]{0,200}\.jpg$/;
const size = 480;

/** Lucide glyphs (24 px grid, ISC licence) for the sample categories; anything else gets a parcel. */
const categoryGlyphs: Record<string, string> = {
  Audio: '<rect width="16" height="20" x="4" y="2" rx="2"/><path d="M12 6h.01"/><circle cx="12" cy="14" r="4"/><path d="M12 14h.01"/>',
  Lighting: '<path d="M15 14c.2-1 .7-1.7 1.5-2.5 1-.9 1.5-2.2 1.5-3.5A6 6 0 0 0 6 8c0 1 .2 2.2 1.5 3.5.7.7 1.3 1.5 1.5 2.5"/><path d="M9 18h6"/><path d="M10 22h4"/>',
  Cables:
    '<path d="M17 19a1 1 0 0 1-1-1v-2a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v2a1 1 0 0 1-1 1z"/><path d="M17 21v-2"/><path d="M19 14V6.5a1 1 0 0 0-7 0v11a1 1 0 0 1-7 0V10"/><path d="M21 21v-2"/><path d="M3 5V3"/><path d="M4 10a2 2 0 0 1-2-2V6a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2a2 2 0 0 1-2 2z"/><path d="M7 5V3"/>',
  Cases: '<path d="M16 20V4a2 2 0 0 0-2-2h-4a2 2 0 0 0-2 2v16"/><rect width="20" height="14" x="2" y="6" rx="2"/>',
  Merch:
    '<path d="M20.38 3.46 16 2a4 4 0 0 1-8 0L3.62 3.46a2 2 0 0 0-1.34 2.23l.58 3.47a1 1 0 0 0 .99.84H6v10c0 1.1.9 2 2 2h8a2 2 0 0 0 2-2V10h2.15a1 1 0 0 0 .99-.84l.58-3.47a2 2 0 0 0-1.34-2.23z"/>',
  Software: '<rect x="2" y="4" width="20" height="16" rx="2"/><path d="M10 4v4"/><path d="M2 8h20"/><path d="M6 4v4"/>',
};
const parcelGlyph =
  '<path d="M11 21.73a2 2 0 0 0 2 0l7-4A2 2 0 0 0 21 16V8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.73z"/><path d="M12 22V12"/><path d="m3.3 7 7.703 4.734a2 2 0 0 0 1.994 0L20.7 7"/><path d="m7.5 4.27 9 5.15"/>';

const palettes: Array<[string, string]> = [
  ['#fb923c', '#c2410c'],
  ['#38bdf8', '#0369a1'],
  ['#a78bfa', '#6d28d9'],
  ['#34d399', '#047857'],
  ['#f472b6', '#be185d'],
  ['#facc15', '#a16207'],
  ['#94a3b8', '#334155'],
  ['#2dd4bf', '#0f766e'],
];

function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16777619) >>> 0;
  return value;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

function initials(name: string): string {
  const words = name.split(/\s+/).filter((word) => /[A-Za-z0-9]/.test(word));
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((word) => word.match(/[A-Za-z0-9]/)![0]!.toUpperCase()).join('') || '?';
}

/** The picture at `position` (1, 2, …) of a product: the same colours for every picture, each seen from another side. */
export function productImageSvg(product: Pick<Product, 'id' | 'name' | 'categories'>, position: number): string {
  const [light, dark] = palettes[hash(product.id) % palettes.length]!;
  const glyph = categoryGlyphs[product.categories?.[0] ?? ''] ?? parcelGlyph;
  const angle = (position - 1) * 70;
  const spot = { x: 120 + ((position * 97) % 240), y: 100 + ((position * 151) % 260) };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 480 480">
  <defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
  <rect width="480" height="480" fill="url(#g)"/>
  <circle cx="${spot.x}" cy="${spot.y}" r="150" fill="#ffffff" fill-opacity="0.12"/>
  <g transform="translate(130 70) scale(9.1667)" fill="none" stroke="#ffffff" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">${glyph}</g>
  <text x="240" y="420" font-family="sans-serif" font-size="56" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(initials(product.name ?? ''))}</text>
</svg>`;
}

/** Rendered pictures by address and product look; at most one per picture of the catalogue. */
const rendered = new Map<string, Promise<Buffer>>();
const maxRendered = 512;

/**
 * The JPEG behind `/assets/images/ecommerce/{file}`, or null when no stored product lists that address (so the
 * renderer only ever draws the catalogue's pictures).
 */
export async function sampleProductImage(db: Db, file: string): Promise<Buffer | null> {
  if (!fileName.test(file)) return null;
  const url = `${sampleImagePrefix}${file}`;
  for (const product of await ecommerceProducts(db).list()) {
    const index = product.images?.findIndex((image) => image.url === url) ?? -1;
    if (index < 0) continue;
    const svg = productImageSvg(product, index + 1);
    const key = `${url}\n${svg}`;
    let image = rendered.get(key);
    if (!image) {
      if (rendered.size >= maxRendered) rendered.delete(rendered.keys().next().value!);
      image = sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
      image.catch(() => rendered.delete(key));
      rendered.set(key, image);
    }
    return image;
  }
  return null;
}

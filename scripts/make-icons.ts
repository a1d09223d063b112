/**
 * Generates the favicon set from web/public/favicon.svg (the brand mark on brand orange): favicon.ico (16, 32 and
 * 48 px PNGs in one ICO), apple-touch-icon.png (180 px, no transparency) and the web manifest's 192 and 512 px
 * icons. The outputs are committed; run again after changing the SVG: `npx tsx scripts/make-icons.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = fileURLToPath(new URL('../web/public/', import.meta.url));
const svg = readFileSync(`${publicDir}favicon.svg`);
const brandOrange = '#f97316';

function png(size: number, options: { opaque?: boolean } = {}): Promise<Buffer> {
  const image = sharp(svg, { density: Math.ceil((72 * size) / 64) * 2 }).resize(size, size);
  return (options.opaque ? image.flatten({ background: brandOrange }) : image).png({ compressionLevel: 9 }).toBuffer();
}

/** An ICO file holding PNG images (supported by every current browser and Windows Vista on). */
export function icoFromPngs(images: Array<{ size: number; data: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const directory = Buffer.alloc(16 * images.length);
  let offset = header.length + directory.length;
  images.forEach(({ size, data }, index) => {
    const entry = index * 16;
    directory.writeUInt8(size >= 256 ? 0 : size, entry);
    directory.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    directory.writeUInt8(0, entry + 2);
    directory.writeUInt8(0, entry + 3);
    directory.writeUInt16LE(1, entry + 4);
    directory.writeUInt16LE(32, entry + 6);
    directory.writeUInt32LE(data.length, entry + 8);
    directory.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, directory, ...images.map(({ data }) => data)]);
}

const icoSizes = [16, 32, 48];
const icoImages = await Promise.all(icoSizes.map(async (size) => ({ size, data: await png(size) })));
writeFileSync(`${publicDir}favicon.ico`, icoFromPngs(icoImages));
writeFileSync(`${publicDir}apple-touch-icon.png`, await png(180, { opaque: true }));
writeFileSync(`${publicDir}icon-192.png`, await png(192));
writeFileSync(`${publicDir}icon-512.png`, await png(512));
process.stdout.write('wrote favicon.ico, apple-touch-icon.png, icon-192.png and icon-512.png in web/public\n');

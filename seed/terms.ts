import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Db } from '@db/client';
import { newId } from '@server/lib/ids';
import type { Storage } from '@server/platform/storage';
import { currentTerms, insertTermsDocument } from '@server/domains/terms/terms.service';

const title = 'Cuepoint Terms and Conditions';

/** Sections of the default document, split over two pages. */
const pages: { heading: string; paragraphs: string[] }[][] = [
  [
    {
      heading: '1. About these terms',
      paragraphs: [
        'These terms govern your use of Cuepoint, a platform for creators who publish podcasts and run live-stream events, and for the viewers who watch them. By using your creator account you accept them.',
      ],
    },
    {
      heading: '2. Your account',
      paragraphs: [
        'Keep your password secret and your email address current. You are responsible for what happens under your account. An administrator activates new creator accounts before they can sign in.',
      ],
    },
    {
      heading: '3. Your content',
      paragraphs: [
        'You keep the rights to the podcasts, episodes, streams and images you publish. You give Cuepoint the licence it needs to store, stream and show them to your audience.',
        'Do not publish content you have no right to share, or content that is unlawful, hateful or misleading.',
      ],
    },
  ],
  [
    {
      heading: '4. Payments and revenue share',
      paragraphs: [
        'Subscription products are billed monthly in Canadian dollars. For tips, pay-per-view and subscriptions earned through live streams, you keep 60% of the net revenue and Cuepoint keeps 40%.',
      ],
    },
    {
      heading: '5. Viewers',
      paragraphs: [
        'Viewers pay for premium events and tips through our card payment provider. Access to a premium event is granted only once the payment has succeeded.',
      ],
    },
    {
      heading: '6. Changes to these terms',
      paragraphs: [
        'When these terms change we publish a new version. You will be asked to accept it the next time you use Cuepoint.',
      ],
    },
  ],
];

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > width && line) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Builds the default two-page terms PDF. */
export async function buildDefaultTermsPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setAuthor('Cuepoint');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 64;

  pages.forEach((sections, index) => {
    const page: PDFPage = pdf.addPage([595, 842]);
    const width = page.getWidth() - margin * 2;
    let y = page.getHeight() - margin;
    page.drawText(title, { x: margin, y: y - 20, size: 22, font: bold, color: rgb(0.9, 0.4, 0.05) });
    y -= 60;
    for (const section of sections) {
      page.drawText(section.heading, { x: margin, y, size: 14, font: bold });
      y -= 24;
      for (const paragraph of section.paragraphs) {
        for (const line of wrap(paragraph, regular, 11, width)) {
          page.drawText(line, { x: margin, y, size: 11, font: regular, color: rgb(0.15, 0.15, 0.15) });
          y -= 16;
        }
        y -= 8;
      }
      y -= 12;
    }
    page.drawText(`Page ${index + 1} of ${pages.length}`, { x: margin, y: margin / 2, size: 9, font: regular, color: rgb(0.4, 0.4, 0.4) });
  });
  return pdf.save();
}

/** Publishes the default terms PDF, only when no terms document exists yet. Returns whether it did. */
export async function seedTerms(db: Db, storage: Storage): Promise<boolean> {
  if (await currentTerms(db)) return false;
  const name = `${newId(16)}.pdf`;
  const key = `uploads/${name}`;
  await storage.put(key, Buffer.from(await buildDefaultTermsPdf()));
  // The check and the insert in one transaction (formerly one synchronous run); the file I/O stays outside it.
  const published = await db.transaction(async () => {
    if (await currentTerms(db)) return false;
    await insertTermsDocument(db, `/uploads/${name}`, null);
    return true;
  });
  if (!published) {
    // Another seeding run published one while this PDF was being written.
    await storage.delete(key);
    return false;
  }
  return true;
}

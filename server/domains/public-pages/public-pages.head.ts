/** The `<head>` tags of a public page (description, canonical, Open Graph, Twitter card) and their place in index.html. */
import { textDirection, type Locale } from '@common/locales';

export interface PreviewImage {
  url: string;
  width: number;
  height: number;
  type: string;
  alt: string;
}

export interface PageHead {
  /** The language of the server's own words in it (og:locale); English when not given. */
  locale?: Locale;
  /** The document title. */
  title: string;
  /** The record's own name (og:title); the document title adds the site name. */
  name: string;
  description: string;
  /** Absolute. */
  canonicalUrl: string;
  siteName: string;
  type: 'website' | 'video.other' | 'music.song';
  image: PreviewImage;
  /** An episode's media (absolute URL and MIME type) and length. */
  audio?: { url: string; type: string };
  video?: { url: string; type: string };
  durationSeconds?: number;
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapes[character]!);
}

/** One line of plain text for a description: whitespace collapsed, cut at a word near `max` characters. */
export function summarize(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/** Open Graph writes a locale as language_TERRITORY. */
const ogLocales: Record<Locale, string> = { en: 'en_US', de: 'de_DE', es: 'es_ES', fr: 'fr_FR', 'pt-BR': 'pt_BR', ar: 'ar_AR' };

const meta = (attribute: 'name' | 'property', key: string, value: string | number) => `<meta ${attribute}="${key}" content="${escapeHtml(String(value))}">`;

/** Every tag of the head but the title, one per line. */
export function headTags(head: PageHead): string {
  const tags = [
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}">`,
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:locale', ogLocales[head.locale ?? 'en']),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.name),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonicalUrl),
    meta('property', 'og:image', head.image.url),
    meta('property', 'og:image:type', head.image.type),
    meta('property', 'og:image:width', head.image.width),
    meta('property', 'og:image:height', head.image.height),
    meta('property', 'og:image:alt', head.image.alt),
  ];
  if (head.audio) tags.push(meta('property', 'og:audio', head.audio.url), meta('property', 'og:audio:type', head.audio.type));
  if (head.video) tags.push(meta('property', 'og:video', head.video.url), meta('property', 'og:video:type', head.video.type));
  if (head.durationSeconds !== undefined && head.type !== 'website') {
    tags.push(meta('property', head.type === 'music.song' ? 'music:duration' : 'video:duration', head.durationSeconds));
  }
  tags.push(
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.name),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image.url),
    meta('name', 'twitter:image:alt', head.image.alt),
  );
  return tags.join('\n');
}

export const noindexTag = '<meta name="robots" content="noindex">';

/**
 * index.html with the page's title and tags: the first `<title>` is replaced and the tags follow it (else they go
 * at the end of `<head>`). Only meta and link tags are added, so the Content-Security-Policy's script hashes of
 * index.html stay valid.
 */
export function withHead(template: string, title: string | null, tags: string): string {
  const titleTag = title === null ? null : `<title>${escapeHtml(title)}</title>`;
  const block = [titleTag, tags].filter(Boolean).join('\n');
  const existingTitle = /<title\b[^>]*>[\s\S]*?<\/title>/i;
  if (existingTitle.test(template)) {
    return template.replace(existingTitle, (found) => `${titleTag ?? found}${tags ? `\n${tags}` : ''}`);
  }
  if (/<\/head>/i.test(template)) return template.replace(/<\/head>/i, `${block}\n</head>`);
  if (/<head\b[^>]*>/i.test(template)) return template.replace(/<head\b[^>]*>/i, (found) => `${found}\n${block}`);
  return template.replace(/^(<!doctype[^>]*>)?/i, (found) => `${found}${block}`);
}

/**
 * index.html with `<html lang dir>` of `locale` (the visitor's language), so the page is laid out right to left, or
 * left to right, before any script runs; the web app sets them again from the language it picks.
 */
export function withLanguage(html: string, locale: Locale): string {
  const tag = `<html lang="${locale}" dir="${textDirection(locale)}">`;
  return /<html\b[^>]*>/i.test(html) ? html.replace(/<html\b[^>]*>/i, tag) : html.replace(/^(<!doctype[^>]*>)?/i, (found) => `${found}${tag}`);
}

/** index.html with `markup` at the start of `<body>` (a 404's links in a `<noscript>`; never a script). */
export function withBody(html: string, markup: string): string {
  return /<body\b[^>]*>/i.test(html) ? html.replace(/<body\b[^>]*>/i, (found) => `${found}\n${markup}`) : `${html}${markup}`;
}

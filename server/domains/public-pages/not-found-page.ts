import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { firstRow } from '@db/store';
import { podcastEpisodes } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import { nowIso } from '@server/lib/ids';
import { escapeHtml } from './public-pages.head';
import type { PreviewServices as Services } from './preview-art';
import { notFoundTexts, type MissingKind } from './not-found.schemas';
import { pageHeadMessages } from './public-pages.messages';
import { translate } from '@server/i18n/translate';
import type { Locale } from '@common/locales';
import type { MissingPageInput, MissingPageOutput } from './public-pages.schemas';

/**
 * Where a missing event, episode or podcast leads: the creator's page when the creator exists (an active creator
 * with a public page: by the tag in the address, or, for an episode, the published episode's creator), and home.
 */

const creatorIsPublic = and(inArray(users.role, ['dj', 'admin']), eq(users.isActive, true), isNotNull(users.creatorTag));

type Creator = NonNullable<MissingPageOutput['creator']>;

function toCreator(row: { tag: string | null; displayName: string } | undefined): Creator | null {
  return row?.tag ? { tag: row.tag, displayName: row.displayName, pagePath: `/c/${encodeURIComponent(row.tag)}` } : null;
}

export async function creatorOfMissingPage(services: Services, input: MissingPageInput, now = nowIso()): Promise<MissingPageOutput> {
  if (input.kind === 'episode' && input.id) {
    // An episode that exists and is published (a members-only title's too: its name is on the podcast page anyway).
    const row = await firstRow(
      services.db
        .select({ tag: users.creatorTag, displayName: users.displayName })
        .from(podcastEpisodes)
        .innerJoin(users, eq(users.id, podcastEpisodes.userId))
        .where(and(eq(podcastEpisodes.id, input.id), lte(podcastEpisodes.publishDate, now), creatorIsPublic))
        .limit(1),
    );
    return { creator: toCreator(row) };
  }
  if (!input.tag) return { creator: null };
  const row = await firstRow(
    services.db
      .select({ tag: users.creatorTag, displayName: users.displayName })
      .from(users)
      .where(and(sql`lower(${users.creatorTag}) = lower(${input.tag})`, creatorIsPublic))
      .limit(1),
  );
  return { creator: toCreator(row) };
}

/**
 * The links of a server-rendered 404 for readers without scripts (the web app renders the same links itself):
 * the creator's page when the creator exists, and home. Plain markup in a `<noscript>`, no script.
 */
export function notFoundBody(kind: MissingKind, creator: Creator | null, locale: Locale = 'en'): string {
  const texts = notFoundTexts[kind];
  const links = [
    creator ? `<a href="${escapeHtml(creator.pagePath)}">${escapeHtml(translate(locale, pageHeadMessages.creatorLink, { displayName: creator.displayName }))}</a>` : null,
    `<a href="/">${escapeHtml(translate(locale, notFoundTexts.homeLink))}</a>`,
  ].filter(Boolean);
  return `<noscript><h1>${escapeHtml(translate(locale, texts.title))}</h1><p>${escapeHtml(translate(locale, texts.detail))}</p><p>${links.join(' · ')}</p></noscript>`;
}

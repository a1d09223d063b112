import { and, eq, lte } from 'drizzle-orm';
import { firstRow } from '@db/store';
import { podcastEpisodes, podcastTitles } from '@db/schema/podcasts';
import { users } from '@db/schema/users';
import type { AppConfig } from '@server/config';
import { nowIso } from '@server/lib/ids';
import { makeMp3Tone } from '@server/lib/mp3-tone';
import { publicOrigin } from '@server/lib/public-url';
import { privateFeedAccess } from '@server/domains/memberships/membership-access';
import { buildNoticeFeed, buildPodcastFeed } from './podcast-feed';
import { episodeFiles, titleNotFound, type PodcastServices as Services } from './podcast-rows';
import { feedContent } from './podcasts.service';
import { podcastMessages, type MemberFeedOutput } from './podcasts.schemas';
import { podcastFeedMessages } from './podcasts.messages';
import { translate } from '@server/i18n/translate';
import { requestLocale } from '@server/i18n/request-locale';

/**
 * A member's private feed of a title (`/feeds/{titleId}/{feedToken}.xml`) and its files
 * (`/member-media/{feedToken}/{episodeId}/{stored name}`). The feed token is the credential: the random secret only
 * the member's feed URLs carry (unguessable, so the URLs may be fetched from anywhere, as podcast apps do). It opens what `privateFeedAccess` says: while the membership opens its tier's perks
 * and the tier includes the title. A reset (revoked token) or a lapsed membership stops the feed (a one-item notice,
 * 410) and every file URL in it at once; any other token opens nothing (404).
 */

/** Feed tokens as memberships make them (base64url); anything else is no token of ours. */
export const feedTokenPattern = /^[A-Za-z0-9_-]{16,128}$/;

export function memberFeedUrl(config: Pick<AppConfig, 'publicUrl' | 'port'>, titleId: string, feedToken: string): string {
  return `${publicOrigin(config)}/feeds/${encodeURIComponent(titleId)}/${feedToken}.xml`;
}

/** A member's URL of one of an episode's stored files (`/uploads/<name>`). */
export function memberFileUrl(config: Pick<AppConfig, 'publicUrl' | 'port'>, feedToken: string, episodeId: string, storedUrl: string): string {
  const name = storedUrl.slice(storedUrl.lastIndexOf('/') + 1);
  return `${publicOrigin(config)}/member-media/${feedToken}/${encodeURIComponent(episodeId)}/${name}`;
}

/** The notice item's audio: three seconds of near silence (podcast apps list only items with an enclosure). */
let noticeAudio: Buffer | undefined;
export function noticeAudioBytes(): Buffer {
  noticeAudio ??= makeMp3Tone({ seconds: 3, volume: 1e-4 });
  return noticeAudio;
}
export const noticeAudioPath = '/feeds/notice.mp3';

/** Where a member manages their memberships: the web's "My memberships" page (`appPagePaths.myMemberships`). */
export const myMembershipsPath = '/memberships';

type MembershipRow = Extract<Awaited<ReturnType<typeof privateFeedAccess>>, { membership: unknown }>['membership'];

/** When the membership stopped opening its perks (the notice's date). */
function endedAt(membership: MembershipRow): string {
  if (membership.lapsedAt) return membership.lapsedAt;
  if (membership.status === 'past_due' && membership.graceEndsAt) return membership.graceEndsAt;
  return membership.currentPeriodEnd ?? membership.updatedAt;
}

export async function memberFeed(services: Services, titleId: string, feedToken: string): Promise<MemberFeedOutput> {
  if (!feedTokenPattern.test(feedToken)) throw titleNotFound();
  const access = await privateFeedAccess(services.db, titleId, feedToken);
  if (access.state === 'unknown') throw titleNotFound();
  const content = await feedContent(services, titleId);
  const origin = publicOrigin(services.config);
  const feedUrl = memberFeedUrl(services.config, titleId, feedToken);
  const creatorPage = content.owner.creatorTag ? `${origin}/c/${encodeURIComponent(content.owner.creatorTag)}` : origin;
  if (access.state === 'open') {
    const xml = buildPodcastFeed({
      ...content,
      origin,
      feedUrl,
      privateFeed: { link: creatorPage, fileUrl: (episode, url) => memberFileUrl(services.config, feedToken, episode.id, url) },
    });
    return { state: 'open', xml };
  }
  const { membership } = access;
  const myMemberships = `${origin}${myMembershipsPath}`;
  const date = access.state === 'lapsed' ? endedAt(membership) : access.revokedAt;
  const locale = requestLocale(content.owner.locale, undefined);
  const notice =
    access.state === 'lapsed'
      ? {
          guid: `${membership.id}-ended-${date}`,
          title: translate(locale, podcastMessages.membershipEndedTitle),
          text: translate(locale, podcastFeedMessages.membershipEnded, { creatorName: content.owner.displayName, page: creatorPage }),
          link: creatorPage,
          date,
        }
      : {
          guid: `${membership.id}-reset-${date}`,
          title: translate(locale, podcastMessages.feedReplacedTitle),
          text: translate(locale, podcastFeedMessages.feedReplaced, { page: myMemberships }),
          link: myMemberships,
          date,
        };
  const xml = buildNoticeFeed({
    title: content.title,
    owner: content.owner,
    origin,
    feedUrl,
    notice,
    audio: { url: `${origin}${noticeAudioPath}`, length: noticeAudioBytes().length, type: 'audio/mpeg' },
  });
  return { state: access.state, xml };
}

/** What a member's file URL opens: the stored file (`/uploads/<name>`), `gone` (lapsed or reset), or nothing. */
export type MemberFile = { state: 'open'; url: string } | { state: 'lapsed' | 'revoked' } | null;

/**
 * A file of a published episode (its media, cover, transcript or chapters) for the holder of a feed token that opens
 * the episode's title; the same rule as the feed itself.
 */
export async function memberFile(services: Services, feedToken: string, episodeId: string, name: string): Promise<MemberFile> {
  if (!feedTokenPattern.test(feedToken)) return null;
  const episode = (
    await firstRow(
      services.db
        .select({ episode: podcastEpisodes })
        .from(podcastEpisodes)
        .innerJoin(podcastTitles, eq(podcastTitles.id, podcastEpisodes.podcastTitleId))
        .innerJoin(users, eq(users.id, podcastEpisodes.userId))
        .where(and(eq(podcastEpisodes.id, episodeId), lte(podcastEpisodes.publishDate, nowIso()), eq(users.isActive, true))),
    )
  )?.episode;
  if (!episode) return null;
  const access = await privateFeedAccess(services.db, episode.podcastTitleId, feedToken);
  if (access.state === 'unknown') return null;
  const url = `/uploads/${name}`;
  if (!episodeFiles(episode).includes(url)) return null;
  return access.state === 'open' ? { state: 'open', url } : { state: access.state };
}

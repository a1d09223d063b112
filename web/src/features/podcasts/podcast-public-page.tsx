import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Lock, Pause, Play, Podcast } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDuration } from '@server/domains/podcasts/podcasts.schemas';
import type { PodcastPageEpisode, PodcastPageOutput } from '@server/domains/public-pages/podcast-page.schemas';
import { activeIntlLocale, formatDate, formatMoney } from '@web/lib/i18n/format';
import { Logo } from '@web/components/logo';
import { Spinner } from '@web/components/spinner';
import { useViewerBootstrap } from '@web/features/stream-player/public';
import { useDocumentTitle } from '@web/lib/site-name';
import { trpc, viewerTrpc } from '@web/lib/trpc';
import { useViewer } from '@web/lib/viewer-session';
import { ViewerDialogs, ViewerMenu, type ViewerDialog } from '@web/features/viewer/public';
import { BecomeMemberDialog, MembershipTiers, useJoinFlow, useMyMemberships } from '@web/features/memberships/public';
import { MissingPage } from '@web/features/pages/public';
import { SubscribeRow } from '@web/features/video/public';
import { MembersOnlyBadge } from './members-only-badge';

/** Cents as Canadian dollars in the active locale, with the plain "$" sign. */
const money = (cents: number) => formatMoney(cents);

function isVideo(episode: PodcastPageEpisode, page: PodcastPageOutput): boolean {
  return episode.mimeType ? episode.mimeType.startsWith('video/') : page.title.isVideo;
}

/** The episode playing: one player for the page, started by the list's play buttons. */
function NowPlaying({ episode, page }: { episode: PodcastPageEpisode; page: PodcastPageOutput }) {
  const { t } = useLingui();
  const media = useRef<HTMLMediaElement | null>(null);
  useEffect(() => {
    void media.current?.play().catch(() => undefined);
  }, [episode.id]);
  if (!episode.fileUrl) return null;
  const episodeName = episode.name;
  const common = {
    src: episode.fileUrl,
    controls: true,
    autoPlay: true,
    preload: 'auto' as const,
    dir: 'ltr',
    'aria-label': t`Playing ${episodeName}`,
    'data-testid': 'podcast-player',
  };
  return (
    <section aria-label={t`Now playing`} className="space-y-2 rounded-xl bg-slate-900 p-4 text-white">
      <p className="truncate text-sm font-medium" data-testid="now-playing">
        {episode.name}
      </p>
      {isVideo(episode, page) ? (
        <video key={episode.id} ref={(element) => void (media.current = element)} {...common} playsInline poster={episode.imageUrl ?? undefined} className="aspect-video w-full rounded-md bg-black" />
      ) : (
        <audio key={episode.id} ref={(element) => void (media.current = element)} {...common} className="w-full" />
      )}
    </section>
  );
}

function EpisodeRow({ episode, playing, onPlay }: { episode: PodcastPageEpisode; playing: boolean; onPlay: () => void }) {
  const { t } = useLingui();
  const episodeName = episode.name;
  const name = episode.pagePath ? (
    <Link href={episode.pagePath} className="hover:text-brand-700 hover:underline">
      {episode.name}
    </Link>
  ) : (
    episode.name
  );
  return (
    <li className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-3" data-testid="podcast-episode">
      {episode.fileUrl ? (
        <button
          type="button"
          onClick={onPlay}
          aria-label={playing ? t`Playing ${episodeName}` : t`Play ${episodeName}`}
          aria-pressed={playing}
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          {playing ? <Pause className="size-5" aria-hidden /> : <Play className="size-5" aria-hidden />}
        </button>
      ) : (
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500" title={t`Members only`}>
          <Lock className="size-4" aria-hidden />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-slate-900">{name}</p>
        <p className="flex flex-wrap gap-x-3 text-xs text-slate-500">
          <time dateTime={episode.publishDate}>{formatDate(episode.publishDate)}</time>
          {episode.duration !== null && (
            <span className="font-mono" dir="ltr">
              {formatDuration(episode.duration)}
            </span>
          )}
        </p>
        {episode.description && <p className="mt-1 line-clamp-2 text-sm text-slate-600">{episode.description}</p>}
      </div>
    </li>
  );
}

/** The viewer's podcast page: asked with the viewer's token, so a member gets the media of a members-only title. */
function usePodcastPage(tag: string, titleId: string) {
  const token = useViewer((state) => state.token);
  const mine = useMyMemberships();
  return useQuery({
    queryKey: ['viewer', 'podcast-page', tag, titleId, token, mine.dataUpdatedAt],
    retry: false,
    queryFn: () => viewerTrpc.publicPages.podcastPage.query({ tag, titleId }),
  });
}

/** `/podcasts/{tag}/{titleId}`: a podcast's public page — cover, description, subscribe links and the episodes to play. */
export default function PodcastPublicPage() {
  const { t } = useLingui();
  const { tag = '', titleId = '' } = useParams<{ tag: string; titleId: string }>();
  useViewerBootstrap();
  const page = usePodcastPage(tag, titleId);
  const data = page.data;
  const tiers = trpc.memberships.tiers.useQuery({ creatorId: data?.creator.id ?? '' }, { enabled: !!data?.title.membersOnly, retry: false });
  const mine = useMyMemberships();
  const [dialog, setDialog] = useState<ViewerDialog>(null);
  const join = useJoinFlow({ signInOpen: dialog !== null, requestSignIn: () => setDialog('login') });
  const [playingId, setPlayingId] = useState<string | null>(null);
  useDocumentTitle(data?.title.name);

  if (page.isError) return <MissingPage kind="podcast" tag={tag} />;

  const header = (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4 sm:px-6">
        <Logo />
        <ViewerMenu onDialogChange={setDialog} />
      </div>
    </header>
  );

  let content;
  if (!data) content = <Spinner label={t`Loading the podcast`} className="py-24" />;
  else {
    const { title, creator } = data;
    const playing = data.episodes.find((episode) => episode.id === playingId && episode.fileUrl) ?? null;
    const includingTiers = (tiers.data ?? []).filter((tier) => tier.podcastTitles.some((included) => included.id === title.id));
    const titleName = title.name;
    const creatorName = creator.displayName;
    const tierList = new Intl.ListFormat(activeIntlLocale(), { style: 'long', type: 'unit' }).format(
      data.tiers.map((tier) => {
        const tierName = tier.name;
        const price = money(tier.priceCents);
        return t`${tierName} (${price}/month)`;
      }),
    );
    content = (
      <div className="space-y-8">
        <section className="flex flex-col gap-6 sm:flex-row sm:items-start">
          <div className="size-48 shrink-0 self-center overflow-hidden rounded-xl bg-slate-200 sm:size-56 sm:self-start">
            {title.imageUrl ? (
              <img src={title.imageUrl} alt={t`${titleName} cover`} className="size-full object-cover" data-testid="podcast-cover" />
            ) : (
              <Podcast className="m-14 size-20 text-slate-500" aria-hidden />
            )}
          </div>
          <div className="min-w-0 space-y-3">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">{title.name}</h1>
              {title.membersOnly && <MembersOnlyBadge />}
            </div>
            <p className="text-sm text-slate-600">
              <Trans>
                A podcast by{' '}
                <Link href={`/c/${encodeURIComponent(creator.tag)}`} className="font-medium text-brand-700 hover:underline" data-testid="podcast-creator-link">
                  {creatorName}
                </Link>
              </Trans>
              {' · '}
              {title.category}
              {title.explicit && ` · ${t`Explicit`}`}
            </p>
            {title.description && <p className="max-w-2xl text-sm whitespace-pre-line text-slate-700">{title.description}</p>}
          </div>
        </section>

        {data.feedUrl && <SubscribeRow feedUrl={data.feedUrl} titleName={data.access === 'member' ? t`${titleName} (your private feed)` : title.name} />}

        {data.access === 'locked' && (
          <section aria-labelledby="members-heading" className="space-y-3 rounded-xl border border-brand-200 bg-brand-50 p-4" data-testid="members-only">
            <h2 id="members-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <Lock className="size-5 text-brand-700" aria-hidden /> <Trans>Members only</Trans>
            </h2>
            <p className="text-sm text-slate-700">
              {data.tiers.length > 0
                ? t`Members of ${tierList} hear every episode, in their podcast app through a private feed.`
                : t`Only members of ${creatorName} hear this podcast.`}
            </p>
            {includingTiers.length > 0 && <MembershipTiers tiers={includingTiers} memberships={mine.data} onJoin={join.start} />}
          </section>
        )}

        {playing && <NowPlaying episode={playing} page={data} />}

        <section aria-labelledby="episodes-heading" className="space-y-3">
          <h2 id="episodes-heading" className="text-xl font-semibold text-slate-900">
            <Trans>Episodes</Trans>
          </h2>
          {data.episodes.length === 0 ? (
            <p className="text-sm text-slate-500">
              <Trans>No episodes yet.</Trans>
            </p>
          ) : (
            <ul className="space-y-2">
              {data.episodes.map((episode) => (
                <EpisodeRow key={episode.id} episode={episode} playing={playing?.id === episode.id} onPlay={() => setPlayingId(episode.id)} />
              ))}
            </ul>
          )}
        </section>
      </div>
    );
  }

  return (
    <div className="min-h-screen bg-slate-50">
      {header}
      <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6">{content}</main>
      <ViewerDialogs dialog={dialog} onDialogChange={setDialog} />
      {data && <BecomeMemberDialog choice={join.open} creatorName={data.creator.displayName} onClose={join.close} />}
    </div>
  );
}

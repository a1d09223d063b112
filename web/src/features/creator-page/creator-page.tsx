import { useState } from 'react';
import { CalendarDays, Podcast, UserX } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { EventOutput } from '@server/domains/events/events.schemas';
import { eventPagePath } from '@server/domains/events/events.schemas';
import type { PublicTierOutput } from '@server/domains/memberships/memberships.schemas';
import { toCents } from '@common/money';
import { Avatar } from '@web/components/avatar';
import { EmptyState } from '@web/components/empty-state';
import { EventBadgePill, useEventBadges } from '@web/components/event-badge';
import { Logo } from '@web/components/logo';
import { NotifyMeButton } from '@web/components/notify-me-button';
import { Spinner } from '@web/components/spinner';
import { useViewerBootstrap } from '@web/features/stream-player/public';
import { formatMoney } from '@web/lib/i18n/format';
import { useDocumentTitle } from '@web/lib/site-name';
import { trpc } from '@web/lib/trpc';
import { formatEventTime, RelatedEpisodes } from '@web/features/events/public';
import { ViewerDialogs, ViewerMenu, type ViewerDialog } from '@web/features/viewer/public';
import { BecomeMemberDialog, MembershipTiers, tierIncludesEvent, useJoinFlow, useMyMemberships } from '@web/features/memberships/public';
import { FollowOnFediverse } from '@web/features/fediverse/public';

const money = (cents: number) => formatMoney(cents);

/** `/c/{tag}`: a creator's public page — who they are, their membership tiers, upcoming events and latest episodes. */
export default function CreatorPage() {
  const { t } = useLingui();
  const { tag = '' } = useParams<{ tag: string }>();
  const page = trpc.publicPages.creatorPage.useQuery({ tag }, { retry: false });
  const creator = page.data?.creator;
  const tiers = trpc.memberships.tiers.useQuery({ creatorId: creator?.id ?? '' }, { enabled: !!creator, retry: false });
  useViewerBootstrap();
  const mine = useMyMemberships();
  const [dialog, setDialog] = useState<ViewerDialog>(null);
  const join = useJoinFlow({ signInOpen: dialog !== null, requestSignIn: () => setDialog('login') });
  useDocumentTitle(creator?.displayName);

  const header = (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4 sm:px-6">
        <Logo />
        <ViewerMenu onDialogChange={setDialog} />
      </div>
    </header>
  );

  let content;
  if (page.isPending) content = <Spinner label={t`Loading the creator's page`} className="py-24" />;
  else if (page.isError || !page.data || !creator) {
    content = (
      <EmptyState title={page.error?.message ?? t`Creator not found`} icon={<UserX className="size-10" aria-hidden />}>
        <Trans>Check the link, or ask the creator for their page.</Trans>
      </EmptyState>
    );
  } else {
    const activeTiers = tiers.data ?? [];
    content = (
      <div className="space-y-10">
        <section className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-start sm:text-start">
          <Avatar name={creator.displayName} imageUrl={creator.imageUrl} className="size-24! shrink-0 text-3xl" />
          <div className="min-w-0 space-y-2">
            <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">{creator.displayName}</h1>
            {creator.description && <p className="max-w-2xl text-sm whitespace-pre-line text-slate-700">{creator.description}</p>}
            <div className="flex flex-wrap items-center justify-center gap-3 sm:justify-start">
              <Link href={eventPagePath(creator.tag)} className="text-sm font-medium text-brand-700 hover:underline">
                <Trans>Event page</Trans>
              </Link>
              <NotifyMeButton creatorTag={creator.tag} creatorId={creator.id} />
              <FollowOnFediverse tag={creator.tag} creatorName={creator.displayName} />
            </div>
          </div>
        </section>

        {(tiers.isPending || tiers.isError || activeTiers.length > 0) && (
          <section aria-labelledby="tiers-heading" className="space-y-4">
            <div className="space-y-1">
              <h2 id="tiers-heading" className="text-xl font-semibold text-slate-900">
                <Trans>Become a member</Trans>
              </h2>
              <p className="text-sm text-slate-600">
                <Trans>Support {creator.displayName} every month and get member perks. Cancel any time.</Trans>
              </p>
            </div>
            {tiers.isPending ? (
              <Spinner label={t`Loading the membership tiers`} className="py-8" />
            ) : tiers.isError ? (
              <p className="text-sm text-slate-500">
                <Trans>The membership tiers could not be loaded.</Trans>
              </p>
            ) : (
              <MembershipTiers tiers={activeTiers} memberships={mine.data} onJoin={join.start} />
            )}
          </section>
        )}

        <section aria-labelledby="events-heading" className="space-y-4">
          <h2 id="events-heading" className="text-xl font-semibold text-slate-900">
            <Trans>Upcoming events</Trans>
          </h2>
          <UpcomingEvents events={page.data.upcomingEvents} tiers={activeTiers} />
        </section>

        {page.data.podcasts.length > 0 && (
          <section aria-labelledby="podcasts-heading" className="space-y-4">
            <h2 id="podcasts-heading" className="text-xl font-semibold text-slate-900">
              <Trans>Podcasts</Trans>
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {page.data.podcasts.map((podcast) => (
                <li key={podcast.id}>
                  <Link href={podcast.pagePath} className="flex gap-3 rounded-lg border border-slate-200 bg-white p-2 hover:border-brand-500 hover:bg-brand-50" data-testid="creator-podcast">
                    {podcast.imageUrl ? (
                      <img src={podcast.imageUrl} alt="" className="size-16 shrink-0 rounded-md object-cover" />
                    ) : (
                      <span className="flex size-16 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-500">
                        <Podcast className="size-6" aria-hidden />
                      </span>
                    )}
                    <span className="min-w-0">
                      <span className="block text-sm font-medium break-words text-slate-900">{podcast.name}</span>
                      <span className="block text-xs text-slate-600">
                        <Plural value={podcast.episodeCount} one="# episode" other="# episodes" />
                        {podcast.membersOnly && (
                          <>
                            {' · '}
                            <Trans>Members only</Trans>
                          </>
                        )}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}

        <section aria-labelledby="episodes-heading" className="space-y-4">
          <h2 id="episodes-heading" className="text-xl font-semibold text-slate-900">
            <Trans>Latest episodes</Trans>
          </h2>
          <RelatedEpisodes episodes={page.data.latestEpisodes} failed={false} />
        </section>
      </div>
    );
  }

  return (
    <div className="min-h-screen bg-slate-50">
      {header}
      <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6">{content}</main>
      <ViewerDialogs dialog={dialog} onDialogChange={setDialog} />
      {creator && (
        <BecomeMemberDialog choice={join.open} creatorName={creator.displayName} onClose={join.close} />
      )}
    </div>
  );
}

function UpcomingEvents({ events, tiers }: { events: EventOutput[]; tiers: PublicTierOutput[] }) {
  const badges = useEventBadges(events);
  if (events.length === 0) {
    return (
      <p className="text-sm text-slate-500">
        <Trans>No upcoming events yet.</Trans>
      </p>
    );
  }
  return (
    <ul className="space-y-3">
      {events.map((event) => {
        const included = event.isPremium && tiers.some((tier) => tierIncludesEvent(tier, event.id));
        return (
          <li key={event.id}>
            <Link
              href={eventPagePath(event.user.userName, event.id)}
              className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4 hover:border-brand-500 hover:bg-brand-50 sm:flex-row sm:items-center sm:justify-between"
            >
              <span className="min-w-0">
                <span className="block font-medium break-words text-slate-900">{event.name}</span>
                <span className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
                  <CalendarDays className="size-4 shrink-0" aria-hidden />
                  <time dateTime={event.startDateTime ?? undefined}>{formatEventTime(event)}</time>
                  <EventBadgePill badge={badges.get(event.id)} className="ms-1" />
                </span>
              </span>
              {event.isPremium && (
                <span className="flex flex-wrap gap-2 sm:justify-end">
                  <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">
                    <Trans>Premium · {money(toCents(event.premiumPrice))}</Trans>
                  </span>
                  {included && (
                    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-900">
                      <Trans>Included with membership</Trans>
                    </span>
                  )}
                </span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

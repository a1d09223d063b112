import { useState } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { CalendarPlus } from 'lucide-react';
import { useParams } from 'wouter';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PublicTipOption } from '@server/domains/tips/tips.schemas';
import { EventBadgePill, useEventBadges } from '@web/components/event-badge';
import { Logo } from '@web/components/logo';
import { StreamPlayer, useEventAccess, useEventPlayback } from '@web/features/stream-player/public';
import { NotifyMeButton } from '@web/components/notify-me-button';
import { loadSonner } from '@web/lib/lazy-toast';
import { trpc } from '@web/lib/trpc';
import { useMediaQuery } from '@web/lib/use-media-query';
import { useViewer } from '@web/lib/viewer-session';
import { MissingPage } from '@web/features/pages/public';
import { BecomeMemberDialog, cheapestTierIncluding, joinChoice, MembershipTiers, monthlyPriceText, useJoinFlow, useMyMemberships } from '@web/features/memberships/public';
import { EventPageSkeleton } from './event-page-skeleton';
import { formatEventTime } from './event-time';
import { LiveChatSlot } from './live-chat-slot';
import { MakePremiumPaymentDialog } from './payments/make-premium-payment-dialog';
import { MakeTipsPaymentDialog } from './payments/make-tips-payment-dialog';
import { Paywall } from './paywall';
import { RelatedEpisodes, useRelatedEpisodes } from './related-episodes';
import { TipButtons } from './tip-buttons';
import { usePublicEvent, useRevealAfter } from './use-public-event';
import { ViewerDialogs, ViewerMenu, type ViewerDialog } from '@web/features/viewer/public';

/** The page-loading delay of platform.md §9. */
export const pageRevealDelayMs = 2000;

const mobileTabLabels = { chat: msg`Chat`, tips: msg`Tips`, about: msg`About` } as const;

/** `/events/{subdomain}/{eventId?}`: the public event page (platform.md §2). */
export default function EventPage() {
  const { t } = useLingui();
  const { subdomain = '', eventId } = useParams<{ subdomain: string; eventId?: string }>();
  const { event, notFound, errorMessage } = usePublicEvent(subdomain, eventId);
  const tips = trpc.tips.publicList.useQuery({ userId: event?.userId ?? '' }, { enabled: !!event, retry: false });
  const related = useRelatedEpisodes(event?.userId);
  const tiers = trpc.memberships.tiers.useQuery({ creatorId: event?.userId ?? '' }, { enabled: !!event, retry: false });
  const memberships = useMyMemberships();
  const access = useEventAccess(event);
  const { stream, status } = useEventPlayback(event, access);
  // The badge follows our own stream (the live status heard at once when the player listens), not the schedule.
  const badge = useEventBadges(event ? [event] : [], event ? { [event.id]: status?.state } : {}).get(event?.id ?? '');
  const loaded = !!event && !tips.isPending && !related.isPending && !tiers.isPending && access !== 'checking';
  const revealed = useRevealAfter(loaded, pageRevealDelayMs);

  const wide = useMediaQuery('(min-width: 1024px)');
  const [dialog, setDialog] = useState<ViewerDialog>(null);
  const [tip, setTip] = useState<PublicTipOption | null>(null);
  const [paying, setPaying] = useState(false);
  const join = useJoinFlow({ signInOpen: dialog !== null, requestSignIn: () => setDialog('login') });

  if (notFound) return <MissingPage kind="event" tag={subdomain} message={errorMessage} />;
  if (!event || !revealed) return <EventPageSkeleton />;

  const calendarFeed = `/api/event/calendar/${encodeURIComponent(event.user.userName)}.ics`;
  const memberTiers = tiers.data ?? [];
  const includingTier = event.isPremium ? cheapestTierIncluding(memberTiers, event.id) : null;
  const player =
    access === 'granted' ? (
      <StreamPlayer stream={stream.data} streamFailed={stream.isError} status={status} schedule={event} title={event.name} onRetry={() => void stream.refetch()} />
    ) : (
      <Paywall
        event={event}
        onLogin={() => setDialog('login')}
        onRegister={() => setDialog('register')}
        onPay={() => setPaying(true)}
        membership={includingTier ? { tierName: includingTier.name, monthlyPriceText: monthlyPriceText(includingTier.priceCents), onJoin: () => join.start(joinChoice(includingTier)) } : undefined}
      />
    );
  const title = (
    <div className="flex flex-wrap items-center gap-2">
      <h1 className="text-2xl font-bold break-words text-slate-900 max-lg:text-lg">{event.name}</h1>
      <EventBadgePill badge={badge} />
      {event.isPremium && (
        <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">
          <Trans>Premium</Trans>
        </span>
      )}
      {!event.isActive && (
        <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700">
          <Trans>Closed</Trans>
        </span>
      )}
    </div>
  );
  const details = (
    <section className="space-y-2">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        <time dateTime={event.startDateTime ?? undefined} data-testid="event-time">
          {formatEventTime(event)}
        </time>
        <a href={calendarFeed} className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline">
          <CalendarPlus className="size-4" aria-hidden />
          <Trans>Add to calendar</Trans>
        </a>
      </p>
      {event.description && <p className="text-sm whitespace-pre-line text-slate-700">{event.description}</p>}
    </section>
  );
  const creatorCard = (
    <section className="space-y-1 rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold text-slate-900" data-testid="creator-name">
        {event.user.displayName}
      </h2>
      {event.user.description && <p className="text-sm text-slate-600">{event.user.description}</p>}
      <NotifyMeButton creatorTag={event.user.userName} creatorId={event.userId} className="pt-2" />
    </section>
  );
  const tipsSection = (
    <section className="space-y-3" aria-labelledby="tips-heading">
      <h2 id="tips-heading" className="text-base font-semibold text-slate-900">
        <Trans>Send a tip</Trans>
      </h2>
      {tips.isError ? (
        <p className="text-sm text-slate-500">
          <Trans>The tip options could not be loaded.</Trans>
        </p>
      ) : <TipButtons tips={tips.data ?? []} onTip={setTip} />}
    </section>
  );
  const membershipSection = memberTiers.length > 0 && (
    <section className="space-y-3" aria-labelledby="membership-heading">
      <div className="space-y-1">
        <h2 id="membership-heading" className="text-base font-semibold text-slate-900">
          <Trans>Become a member</Trans>
        </h2>
        <p className="text-sm text-slate-600">
          <Trans>Support {event.user.displayName} every month and get member perks. Cancel any time.</Trans>
        </p>
      </div>
      <MembershipTiers tiers={memberTiers} memberships={memberships.data} onJoin={join.start} eventId={event.isPremium ? event.id : undefined} />
    </section>
  );
  const episodesSection = (
    <section className="space-y-3" aria-labelledby="episodes-heading">
      <h2 id="episodes-heading" className="text-base font-semibold text-slate-900">
        <Trans>Episodes by {event.user.displayName}</Trans>
      </h2>
      <RelatedEpisodes episodes={related.data ?? []} failed={related.isError} />
    </section>
  );
  const chat = <LiveChatSlot event={event} hasAccess={access === 'granted'} />;
  const header = (
    <header className="shrink-0 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-[1280px] items-center justify-between gap-3 px-4 sm:px-6">
        <Logo />
        <ViewerMenu onDialogChange={setDialog} />
      </div>
    </header>
  );

  return (
    <>
      {wide ? (
        <div className="min-h-screen">
          {header}
          <main className="mx-auto grid max-w-[1280px] grid-cols-[minmax(0,1fr)_360px] gap-6 p-6">
            <div className="min-w-0 space-y-6">
              {player}
              <div className="space-y-2">
                {title}
                {details}
              </div>
              {creatorCard}
              {tipsSection}
              {membershipSection}
              {episodesSection}
            </div>
            {chat}
          </main>
        </div>
      ) : (
        // Under 1024 px (platform.md §2 "Shell"): the player on top, then the chat, which takes the full viewport
        // height (the page scrolls to it); tips and the event's details sit in tabs beside the chat.
        <div className="min-h-dvh">
          {header}
          <div>{player}</div>
          <div className="px-4 pt-2">{title}</div>
          <Tabs.Root defaultValue="chat">
            <Tabs.List aria-label={t`Event`} className="flex gap-1 border-b border-slate-200 px-2">
              {(['chat', 'tips', 'about'] as const).map((tab) => (
                <Tabs.Trigger
                  key={tab}
                  value={tab}
                  className="border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800"
                >
                  {t(mobileTabLabels[tab])}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="chat" className="data-[state=inactive]:hidden">
              {chat}
            </Tabs.Content>
            <Tabs.Content value="tips" className="space-y-6 p-4 data-[state=inactive]:hidden">
              {tipsSection}
              {membershipSection}
            </Tabs.Content>
            <Tabs.Content value="about" className="space-y-4 p-4 data-[state=inactive]:hidden">
              {details}
              {creatorCard}
              {episodesSection}
            </Tabs.Content>
          </Tabs.Root>
        </div>
      )}

      <ViewerDialogs dialog={dialog} onDialogChange={setDialog} />
      <MakeTipsPaymentDialog tip={tip} event={event} onClose={() => setTip(null)} />
      <BecomeMemberDialog choice={join.open} creatorName={event.user.displayName} onClose={join.close} />
      <MakePremiumPaymentDialog
        open={paying}
        event={event}
        onClose={() => setPaying(false)}
        onPaid={(paidEventId) => {
          useViewer.getState().grantEventAccess(paidEventId);
          setPaying(false);
          void loadSonner().then(({ toast }) => toast.success(t`You're in: enjoy ${event.name}!`));
        }}
      />
    </>
  );
}

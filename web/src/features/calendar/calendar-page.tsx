import { useMemo, useState } from 'react';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import interactionPlugin from '@fullcalendar/interaction';
import type { EventInput, LocaleInput } from '@fullcalendar/core';
import { CalendarClock, Plus } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { isLocale, textDirection } from '@common/locales';
import { eventBadgeTexts, type EventBadge } from '@common/event-badge';
import type { EventOutput } from '@server/domains/events/events.schemas';
import { Button } from '@web/components/button';
import { accessibleCalendarOptions } from '@web/components/calendar-a11y';
import { EventBadgePill, useEventBadges } from '@web/components/event-badge';
import { EmptyState } from '@web/components/empty-state';
import { Skeleton } from '@web/components/skeleton';
import { activeIntlLocale } from '@web/lib/i18n/format';
import { i18n } from '@web/lib/i18n/i18n';
import { trpc } from '@web/lib/trpc';
import { EventDialog, type EventDialogState } from './event-dialog';
import { formValuesOf, newFormValues } from './event-form';

const streamingFromPrefix = eventBadgeTexts.streamingFrom('');

/** The badge's words in the calendar (the calendar itself shows the time; an ended event is just past). */
function badgePrefix(badge: EventBadge | undefined): string {
  if (!badge) return '';
  if (badge.kind === 'live') return `● ${i18n._(msg`LIVE`)} · `;
  if (badge.kind === 'starting-soon') return `${i18n._(msg`Starting soon`)} · `;
  if (badge.kind === 'external') {
    const provider = badge.text.startsWith(streamingFromPrefix) ? badge.text.slice(streamingFromPrefix.length) : badge.text;
    return `${i18n._(msg`Streaming from ${provider}`)} · `;
  }
  return '';
}

/** FullCalendar's button hints ("Previous month"), per view unit. */
const buttonHints: Record<'prev' | 'next' | 'today', Partial<Record<string, MessageDescriptor>>> = {
  prev: { month: msg`Previous month`, week: msg`Previous week`, day: msg`Previous day` },
  next: { month: msg`Next month`, week: msg`Next week`, day: msg`Next day` },
  today: { month: msg`This month`, week: msg`This week`, day: msg`Today` },
};

function buttonHint(kind: keyof typeof buttonHints, unit: string): string {
  const hint = buttonHints[kind][unit];
  return hint ? i18n._(hint) : unit;
}

/** The first day of the week in each locale's calendar (0 Sunday, 1 Monday, 6 Saturday). */
const firstDayOfWeek: Record<string, number> = { en: 0, 'pt-BR': 0, de: 1, es: 1, fr: 1, ar: 6 };

/**
 * FullCalendar's locale: English as FullCalendar ships it; another language by its code (the dates are formatted by
 * `Intl` in it), with the calendar's words given as options below.
 */
function calendarLocale(code: string): LocaleInput | 'en' {
  return code === 'en' ? 'en' : { code };
}

function toCalendarEvent(event: EventOutput, badge: EventBadge | undefined): EventInput {
  const live = badge?.kind === 'live';
  const title = event.isPremium ? `★ ${event.name}` : event.name;
  return {
    id: event.id,
    title: `${badgePrefix(badge)}${title}`,
    start: event.startDateTime!,
    end: event.endDateTime!,
    classNames: [event.isActive ? 'cp-event-active' : 'cp-event-inactive', ...(live ? ['cp-event-live'] : [])],
  };
}

/**
 * The events whose badges the server is asked for: those nearest to now (only they can be on air, starting soon or
 * streaming from a source; a creator is on air in one event at a time, started at most an hour early).
 */
function nearNow(events: EventOutput[], now = Date.now()): EventOutput[] {
  const distance = (event: EventOutput) => {
    const start = Date.parse(event.startDateTime ?? '');
    const end = Date.parse(event.endDateTime ?? '') || start;
    return start <= now && now < end ? 0 : Math.min(Math.abs(start - now), Math.abs(end - now));
  };
  return [...events].sort((a, b) => distance(a) - distance(b)).slice(0, 100);
}

/** Shown while the events load. */
function CalendarSkeleton() {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={t`Loading events`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex justify-between">
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-8 w-48" />
      </div>
      <div className="grid grid-cols-7 gap-1">
        {Array.from({ length: 35 }, (_, index) => (
          <Skeleton key={index} className="h-16 sm:h-24" />
        ))}
      </div>
    </div>
  );
}

/** `/apps/calendar`: the creator's events in month, week and day views; create, edit and delete in a dialog. */
export default function CalendarPage() {
  const { t, i18n: active } = useLingui();
  const locale = active.locale;
  const events = trpc.events.list.useQuery();
  const [dialog, setDialog] = useState<EventDialogState>(null);
  const dated = useMemo(() => (events.data ?? []).filter((event) => event.startDateTime && event.endDateTime), [events.data]);
  const tba = useMemo(() => (events.data ?? []).filter((event) => !event.startDateTime), [events.data]);
  const asked = useMemo(() => [...nearNow(dated), ...tba].slice(0, 100), [dated, tba]);
  const badges = useEventBadges(asked);

  const edit = (id: string) => {
    const event = events.data?.find((candidate) => candidate.id === id);
    if (event) setDialog({ mode: 'edit', event, values: formValuesOf(event) });
  };

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">
          <Trans>Calendar</Trans>
        </h1>
        <Button onClick={() => setDialog({ mode: 'create', values: newFormValues() })}>
          <Plus className="size-4" aria-hidden />
          <Trans>New event</Trans>
        </Button>
      </div>

      {events.isPending ? (
        <CalendarSkeleton />
      ) : events.isError ? (
        <EmptyState title={t`Your events could not be loaded`}>{events.error.message}</EmptyState>
      ) : (
        <>
          <div
            className="cp-calendar rounded-xl border border-slate-200 bg-white p-2 text-sm sm:p-4 [&_.fc-toolbar]:flex-wrap [&_.fc-toolbar]:gap-2 [&_.fc-toolbar-title]:text-lg [&_.fc-toolbar-title]:font-semibold [&_.cp-event-inactive]:[--fc-event-bg-color:var(--color-slate-500)] [&_.cp-event-inactive]:[--fc-event-border-color:var(--color-slate-500)] [&_.cp-event-live]:bg-red-700! [&_.cp-event-live]:font-semibold [&_.cp-event-live]:text-white"
          >
            <FullCalendar
              {...accessibleCalendarOptions}
              plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
              initialView="dayGridMonth"
              headerToolbar={{ left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay' }}
              locale={calendarLocale(activeIntlLocale())}
              firstDay={firstDayOfWeek[activeIntlLocale()] ?? 1}
              direction={isLocale(locale) ? textDirection(locale) : 'ltr'}
              buttonText={{ today: t`Today`, month: t`Month`, week: t`Week`, day: t`Day` }}
              buttonHints={{
                prev: (_text: string, unit: string) => buttonHint('prev', unit),
                next: (_text: string, unit: string) => buttonHint('next', unit),
                today: (_text: string, unit: string) => buttonHint('today', unit),
              }}
              viewHint={(buttonText: string) => t`${buttonText} view`}
              navLinkHint={(dateText: string) => t`Go to ${dateText}`}
              moreLinkHint={(count: number) => plural(count, { one: 'Show # more event', other: 'Show # more events' })}
              closeHint={t`Close`}
              timeHint={t`Time`}
              eventHint={t`Event`}
              weekTextLong={t`Week`}
              allDayText={t`all-day`}
              moreLinkText={(count: number) => t`+${count} more`}
              events={dated.map((event) => toCalendarEvent(event, badges.get(event.id)))}
              height="auto"
              nowIndicator
              selectable
              selectMirror
              dayMaxEvents={3}
              select={(info) => {
                info.view.calendar.unselect();
                setDialog({ mode: 'create', values: newFormValues({ start: info.start, end: info.end, allDay: info.allDay }) });
              }}
              eventClick={(info) => {
                info.jsEvent.preventDefault();
                edit(info.event.id);
              }}
            />
          </div>

          <section className="space-y-2 rounded-xl border border-slate-200 bg-white p-4" aria-labelledby="tba-heading">
            <h2 id="tba-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900">
              <CalendarClock className="size-5 text-brand-600" aria-hidden />
              <Trans>To be announced</Trans>
            </h2>
            {tba.length === 0 ? (
              <p className="text-sm text-slate-500">
                <Trans>No events without a date. Switch on “TBA” in an event to list it here.</Trans>
              </p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {tba.map((event) => (
                  <li key={event.id}>
                    <button type="button" onClick={() => edit(event.id)} className="flex w-full items-center justify-between gap-3 py-2 text-start text-sm hover:text-brand-700">
                      <span className="min-w-0 font-medium break-words">{event.name}</span>
                      <EventBadgePill badge={badges.get(event.id)} className="shrink-0" />
                      <span className="shrink-0 text-xs text-slate-500">
                        {[t`TBA`, event.isPremium ? t`Premium` : null, event.isActive ? null : t`Inactive`].filter(Boolean).join(' · ')}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}

      <EventDialog state={dialog} onClose={() => setDialog(null)} />
    </section>
  );
}

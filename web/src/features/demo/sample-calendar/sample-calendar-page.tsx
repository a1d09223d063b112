import { useMemo, useState } from 'react';
import type { DateSelectArg, EventChangeArg, EventClickArg, EventInput } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { CalendarDays, Plus } from 'lucide-react';
import { toast } from 'sonner';
import type { LocaleInput } from '@fullcalendar/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { isLocale, textDirection } from '@common/locales';
import { activeIntlLocale } from '@web/lib/i18n/format';
import { Button } from '@web/components/button';
import { accessibleCalendarOptions } from '@web/components/calendar-a11y';
import { EmptyState } from '@web/components/empty-state';
import { QueryState } from '@web/components/query-state';
import { SampleAppShell } from '@web/components/sample-app-shell';
import { SkeletonCards } from '@web/components/skeleton';
import { trpc } from '@web/lib/trpc';
import type { CalendarEvent } from '@server/domains/demo/calendar/calendar.schemas';
import { EventDialog, type EventDraft } from './event-dialog';

const hour = 60 * 60 * 1000;
const dayMs = 24 * hour;

/** The stored event as FullCalendar draws it (all-day ends are exclusive there, inclusive in the sample). */
function toCalendarEvent(event: CalendarEvent): EventInput {
  const end = event.allDay ? new Date(Date.parse(event.end) + dayMs).toISOString() : event.end;
  return { id: event.id, title: event.title, start: event.start, end, allDay: event.allDay, extendedProps: { desc: event.desc } };
}

/** FullCalendar's own English, or another language by its code (dates formatted by `Intl`; its words given below). */
const calendarLocale = (code: string): LocaleInput | 'en' => (code === 'en' ? 'en' : { code });

function SampleCalendar({ events }: { events: CalendarEvent[] }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState<EventDraft | null>(null);
  const calendarEvents = useMemo(() => events.map(toCalendarEvent), [events]);
  const byId = useMemo(() => new Map(events.map((event) => [event.id, event])), [events]);
  const [narrow] = useState(() => window.matchMedia('(max-width: 767px)').matches);

  const add = trpc.demo.calendar.addEvent.useMutation({
    onSuccess: async (created) => {
      const title = created.title;
      toast.success(t`“${title}” added`);
      setDraft(null);
      await utils.demo.calendar.events.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });
  const update = trpc.demo.calendar.updateEvent.useMutation({
    // Optimistic: the moved or edited event shows at once and goes back if the server refuses.
    onMutate: async ({ event }) => {
      await utils.demo.calendar.events.cancel();
      const previous = utils.demo.calendar.events.getData();
      utils.demo.calendar.events.setData(undefined, (list) => list?.map((item) => (item.id === event.id ? event : item)));
      return { previous };
    },
    onSuccess: (saved) => {
      const title = saved.title;
      toast.success(t`“${title}” saved`);
      setDraft(null);
    },
    onError: (error, _input, context) => {
      if (context?.previous) utils.demo.calendar.events.setData(undefined, context.previous);
      toast.error(error.message);
    },
    onSettled: () => utils.demo.calendar.events.invalidate(),
  });
  const remove = trpc.demo.calendar.removeEvent.useMutation({
    onSuccess: async () => {
      toast.success(t`Event deleted`);
      setDraft(null);
      await utils.demo.calendar.events.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });

  function save(event: EventDraft) {
    if (event.id) update.mutate({ event: { ...event, id: event.id } });
    else add.mutate({ newEvent: event });
  }

  function moved(change: EventChangeArg) {
    const stored = byId.get(change.event.id);
    const { start, end, allDay } = change.event;
    if (!stored || !start) return change.revert();
    const inclusiveEnd = end ? (allDay ? new Date(end.getTime() - dayMs) : end) : start;
    update.mutate({ event: { ...stored, allDay, start: start.toISOString(), end: inclusiveEnd.toISOString() } });
  }

  function selected(selection: DateSelectArg) {
    const end = selection.allDay ? new Date(selection.end.getTime() - dayMs) : selection.end;
    setDraft({ title: '', allDay: selection.allDay, start: selection.start.toISOString(), end: end.toISOString(), desc: '' });
    selection.view.calendar.unselect();
  }

  function clicked(click: EventClickArg) {
    const stored = byId.get(click.event.id);
    if (stored) setDraft(stored);
  }

  function newEvent() {
    const start = new Date(Math.ceil(Date.now() / hour) * hour);
    setDraft({ title: '', allDay: false, start: start.toISOString(), end: new Date(start.getTime() + hour).toISOString(), desc: '' });
  }

  return (
    <SampleAppShell
      title={t`Calendar`}
      subtitle={t`Sample events`}
      icon={<CalendarDays aria-hidden />}
      actions={
        <Button variant="secondary" size="sm" onClick={newEvent}>
          <Plus className="size-4" aria-hidden />
          <Trans>Add event</Trans>
        </Button>
      }
    >
      {events.length === 0 && (
        <EmptyState title={t`No events yet`} className="py-6">
          <Trans>Pick a day in the calendar or use “Add event”.</Trans>
        </EmptyState>
      )}
      <div className="sample-calendar rounded-lg border border-slate-200 bg-white p-2 text-sm sm:p-4 [&_.fc-toolbar-title]:text-lg [&_.fc-button-primary]:!border-brand-600 [&_.fc-button-primary]:!bg-brand-600 [&_.fc-button-active]:!bg-brand-800">
        <FullCalendar
          {...accessibleCalendarOptions}
          plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
          initialView={narrow ? 'timeGridDay' : 'dayGridMonth'}
          headerToolbar={narrow ? { left: 'prev,next', center: 'title', right: 'today' } : { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay' }}
          footerToolbar={narrow ? { center: 'dayGridMonth,timeGridWeek,timeGridDay' } : undefined}
          locale={calendarLocale(activeIntlLocale())}
          direction={isLocale(i18n.locale) ? textDirection(i18n.locale) : 'ltr'}
          buttonText={{ today: t`Today`, month: t`Month`, week: t`Week`, day: t`Day` }}
          height="auto"
          events={calendarEvents}
          editable
          selectable
          selectMirror
          dayMaxEvents
          select={selected}
          eventClick={clicked}
          eventChange={moved}
        />
      </div>
      <EventDialog
        draft={draft}
        onClose={() => setDraft(null)}
        onSave={save}
        onDelete={(eventId) => remove.mutate({ eventId })}
        saving={add.isPending || update.isPending}
        deleting={remove.isPending}
      />
    </SampleAppShell>
  );
}

/** The sample calendar (demo-apps.md: Calendar), apart from the creators' own /apps/calendar. */
export default function SampleCalendarPage() {
  const { t } = useLingui();
  const events = trpc.demo.calendar.events.useQuery();
  if (events.data) return <SampleCalendar events={events.data} />;
  return (
    <SampleAppShell title={t`Calendar`} subtitle={t`Sample events`} icon={<CalendarDays aria-hidden />}>
      <QueryState query={events} errorTitle={t`Could not load the events`} loading={<SkeletonCards count={6} label={t`Loading events`} />}>
        {() => null}
      </QueryState>
    </SampleAppShell>
  );
}

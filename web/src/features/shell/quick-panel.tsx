import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import { CalendarClock, NotebookPen, PanelRight, X } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyState } from '@web/components/empty-state';
import { QueryState } from '@web/components/query-state';
import { SkeletonList } from '@web/components/skeleton';
import { trpc } from '@web/lib/trpc';

type PanelItem = { id: string; title: string; detail: string };

function PanelList({ items, emptyTitle }: { items: PanelItem[]; emptyTitle: string }) {
  if (items.length === 0) return <EmptyState title={emptyTitle} className="py-10" />;
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((item) => (
        <li key={item.id} className="py-3">
          <p className="text-sm font-medium text-slate-900">{item.title}</p>
          {item.detail && <p className="text-sm text-slate-600">{item.detail}</p>}
        </li>
      ))}
    </ul>
  );
}

function QuickPanelContent() {
  const { t } = useLingui();
  const data = trpc.demo.quickpanel.data.useQuery();
  const tabClasses =
    'flex flex-1 items-center justify-center gap-2 border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 data-[state=active]:border-brand-500 data-[state=active]:text-brand-700';
  return (
    <QueryState query={data} loading={<SkeletonList rows={4} avatar={false} label={t`Loading the quick panel`} />} errorTitle={t`Could not load the quick panel`}>
      {({ notes, events }) => (
        <Tabs.Root defaultValue="notes">
          <Tabs.List className="mb-2 flex border-b border-slate-200" aria-label={t`Quick panel`}>
            <Tabs.Trigger value="notes" className={tabClasses}>
              <NotebookPen className="size-4" aria-hidden />
              <Trans>Notes</Trans>
            </Tabs.Trigger>
            <Tabs.Trigger value="events" className={tabClasses}>
              <CalendarClock className="size-4" aria-hidden />
              <Trans>Events</Trans>
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="notes">
            <PanelList items={notes} emptyTitle={t`No notes`} />
          </Tabs.Content>
          <Tabs.Content value="events">
            <PanelList items={events} emptyTitle={t`No events`} />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </QueryState>
  );
}

/** The toolbar's quick panel (demo-apps.md §2): a sheet on the end side with the sample notes and events. */
export function QuickPanelButton() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500" aria-label={t`Open quick panel`}>
        <PanelRight className="size-5 rtl:-scale-x-100" aria-hidden />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed inset-y-0 end-0 z-50 flex w-80 max-w-[90vw] flex-col overflow-y-auto bg-white p-4 shadow-xl" aria-describedby={undefined}>
          <div className="mb-3 flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold text-slate-900">
              <Trans>Quick panel</Trans>
            </Dialog.Title>
            <Dialog.Close className="rounded p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500" aria-label={t`Close quick panel`}>
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          {open && <QuickPanelContent />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

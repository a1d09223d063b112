import { useState } from 'react';
import { Contact as ContactIcon, Star, Trash2, Users, UserPlus, Clock } from 'lucide-react';
import { toast } from 'sonner';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { cx } from '@web/components/cx';
import { EmptyState } from '@web/components/empty-state';
import { failureMessage } from '@web/components/error-message';
import { QueryState } from '@web/components/query-state';
import { SampleAppShell, SidebarItem, SidebarSection } from '@web/components/sample-app-shell';
import { SearchField } from '@web/components/search-field';
import { SkeletonList } from '@web/components/skeleton';
import { useSearchParams } from '@web/components/use-search-param';
import { trpc } from '@web/lib/trpc';
import { StarToggle } from '../shared/item-controls';
import { SelectCheckbox, SelectionBar, useSelection } from '../shared/selection';
import { ContactDialog, emptyContact, type ContactDraft } from './contact-dialog';

type View = 'all' | 'frequent' | 'starred';
const viewTitles: Record<View, MessageDescriptor> = { all: msg`All contacts`, frequent: msg`Frequently contacted`, starred: msg`Starred contacts` };

/** Contacts: all, frequent and starred views, groups, search; detail and edit form; starring; bulk remove. */
export default function ContactsPage() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [params, setParams] = useSearchParams();
  const view = (['frequent', 'starred'].includes(params.get('view') ?? '') ? params.get('view') : 'all') as View;
  const groupId = params.get('group');
  const contacts = trpc.demo.contacts.contacts.useQuery({ id: view });
  const user = trpc.demo.contacts.user.useQuery();
  const [search, setSearch] = useState('');
  const selection = useSelection();
  const [editing, setEditing] = useState<ContactDraft | null>(null);
  const [confirmBulk, setConfirmBulk] = useState(false);
  const starredIds = new Set(user.data?.starred ?? []);
  const group = user.data?.groups.find((item) => item.id === groupId);

  const refresh = () => {
    void utils.demo.contacts.contacts.invalidate();
    void utils.demo.contacts.user.invalidate();
  };
  const onError = (fallback: string) => (error: unknown) => toast.error(failureMessage(error, fallback));

  const addContact = trpc.demo.contacts.addContact.useMutation({
    onSuccess: () => {
      toast.success(t`Contact added`);
      setEditing(null);
    },
    onError: onError(t`The contact could not be added.`),
    onSettled: refresh,
  });
  const updateContact = trpc.demo.contacts.updateContact.useMutation({
    onSuccess: () => {
      toast.success(t`Contact saved`);
      setEditing(null);
    },
    onError: onError(t`The contact could not be saved.`),
    onSettled: refresh,
  });
  const removeContact = trpc.demo.contacts.removeContact.useMutation({
    onSuccess: () => {
      toast.success(t`Contact deleted`);
      setEditing(null);
    },
    onError: onError(t`The contact could not be deleted.`),
    onSettled: refresh,
  });
  const removeContacts = trpc.demo.contacts.removeContacts.useMutation({
    onSuccess: (ids) => {
      toast.success(plural(ids.length, { one: '# contact deleted', other: '# contacts deleted' }));
      selection.clear();
      setConfirmBulk(false);
    },
    onError: onError(t`The contacts could not be deleted.`),
    onSettled: refresh,
  });
  const starOptions = (message: string) => ({
    onMutate: async ({ contactIds, contactId }: { contactIds?: string[]; contactId?: string }) => {
      await utils.demo.contacts.user.cancel();
      const previous = utils.demo.contacts.user.getData();
      const ids = contactIds ?? (contactId ? [contactId] : []);
      if (previous) {
        const starred = new Set(previous.starred);
        for (const id of ids) {
          if (message === 'unstarred' || (message === 'toggled' && starred.has(id))) starred.delete(id);
          else starred.add(id);
        }
        utils.demo.contacts.user.setData(undefined, { ...previous, starred: [...starred] });
      }
      return { previous };
    },
    onError: (error: unknown, _input: unknown, context: { previous?: ReturnType<typeof utils.demo.contacts.user.getData> } | undefined) => {
      utils.demo.contacts.user.setData(undefined, context?.previous);
      toast.error(failureMessage(error, t`Starring did not work. Please try again.`));
    },
    onSuccess: () => toast.success(message === 'starred' ? t`Contacts starred` : message === 'unstarred' ? t`Contacts unstarred` : t`Star updated`),
    onSettled: refresh,
  });
  const toggleStar = trpc.demo.contacts.toggleStarredContact.useMutation(starOptions('toggled'));
  const setStarred = trpc.demo.contacts.setContactsStarred.useMutation(starOptions('starred'));
  const setUnstarred = trpc.demo.contacts.setContactsUnstarred.useMutation(starOptions('unstarred'));

  const needle = search.trim().toLowerCase();
  const shown = (contacts.data ?? []).filter(
    (contact) => (!group || group.contactIds.includes(contact.id)) && (!needle || `${contact.name} ${contact.lastName} ${contact.email} ${contact.company} ${contact.phone}`.toLowerCase().includes(needle)),
  );
  const shownIds = shown.map((contact) => contact.id);
  const selectedIds = selection.among(shownIds);

  function save(draft: ContactDraft) {
    const { id, ...fields } = draft;
    if (id) updateContact.mutate({ contact: { id, ...fields } });
    else addContact.mutate({ newContact: fields });
  }

  const go = (changes: Record<string, string | null>, close: () => void) => {
    setParams({ view: null, group: null, ...changes });
    selection.clear();
    close();
  };

  return (
    <SampleAppShell
      title={t`Contacts`}
      subtitle={group ? group.name : t(viewTitles[view])}
      icon={<ContactIcon aria-hidden />}
      actions={
        <Button variant="secondary" size="sm" onClick={() => setEditing(emptyContact())}>
          <UserPlus className="size-4" aria-hidden />
          <Trans>New contact</Trans>
        </Button>
      }
      sidebarLabel={t`Contact views`}
      sidebar={(close) => (
        <>
          <SidebarSection>
            <SidebarItem label={t`All contacts`} icon={<Users aria-hidden />} active={view === 'all' && !group} onClick={() => go({}, close)} />
            <SidebarItem label={t`Frequently contacted`} icon={<Clock aria-hidden />} active={view === 'frequent'} onClick={() => go({ view: 'frequent' }, close)} />
            <SidebarItem label={t`Starred contacts`} icon={<Star aria-hidden />} active={view === 'starred'} onClick={() => go({ view: 'starred' }, close)} />
          </SidebarSection>
          {(user.data?.groups.length ?? 0) > 0 && (
            <SidebarSection title={t`Groups`}>
              {user.data!.groups.map((item) => (
                <SidebarItem key={item.id} label={item.name} count={item.contactIds.length} active={groupId === item.id} onClick={() => go({ group: item.id }, close)} />
              ))}
            </SidebarSection>
          )}
        </>
      )}
    >
      <SelectionBar
        noun={t`contacts`}
        ids={shownIds}
        selection={selection}
        actions={
          <>
            <Button size="sm" variant="ghost" onClick={() => setStarred.mutate({ contactIds: selectedIds })}>
              <Star className="size-4" aria-hidden />
              <Trans>Star</Trans>
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setUnstarred.mutate({ contactIds: selectedIds })}>
              <Trans>Unstar</Trans>
            </Button>
            <Button size="sm" variant="ghost" className="text-red-600" onClick={() => setConfirmBulk(true)}>
              <Trash2 className="size-4" aria-hidden />
              <Trans>Delete</Trans>
            </Button>
          </>
        }
        idle={<SearchField label={t`Search contacts`} size="sm" value={search} onChange={setSearch} className="min-w-0 flex-1" />}
      />
      <QueryState query={contacts} loading={<SkeletonList rows={8} label={t`Loading contacts`} />} errorTitle={t`Could not load the contacts`}>
        {() =>
          shown.length === 0 ? (
            <EmptyState title={needle ? t`No contacts match` : t`No contacts here`}>{needle ? t`Try another search.` : t`Contacts in this view will show here.`}</EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label={t`Contacts`}>
              {shown.map((contact) => {
                const fullName = `${contact.name} ${contact.lastName}`.trim();
                return (
                  <li key={contact.id} className={cx('flex items-center gap-3 px-3 py-2', selection.has(contact.id) && 'bg-brand-50/60')} data-testid="contact-row">
                    <SelectCheckbox name={fullName} checked={selection.has(contact.id)} onChange={(checked) => selection.toggle(contact.id, checked)} />
                    <button type="button" onClick={() => setEditing(contact)} className="flex min-w-0 flex-1 items-center gap-3 text-start">
                      <span className="sr-only">
                        <Trans>Open</Trans>{' '}
                      </span>
                      <Avatar name={fullName} imageUrl={contact.avatar || null} />
                      <span className="min-w-0 flex-1 sm:grid sm:grid-cols-[1.2fr_1.4fr_1fr] sm:items-center sm:gap-3">
                        <span className="block truncate text-sm font-medium text-slate-900">{fullName}</span>
                        <span className="block truncate text-xs text-slate-600 sm:text-sm">{contact.email}</span>
                        <span className="hidden truncate text-sm text-slate-600 sm:block">{contact.phone}</span>
                      </span>
                    </button>
                    <StarToggle name={fullName} starred={starredIds.has(contact.id)} className="p-1.5" onToggle={() => toggleStar.mutate({ contactId: contact.id })} />
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryState>
      <ContactDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        contact={editing ?? emptyContact()}
        starred={!!editing?.id && starredIds.has(editing.id)}
        saving={addContact.isPending || updateContact.isPending}
        deleting={removeContact.isPending}
        onSave={save}
        onDelete={editing?.id ? () => removeContact.mutate({ contactId: editing.id! }) : undefined}
        onToggleStar={editing?.id ? () => toggleStar.mutate({ contactId: editing.id! }) : undefined}
      />
      <ConfirmDialog
        open={confirmBulk}
        onOpenChange={setConfirmBulk}
        title={plural(selectedIds.length, { one: 'Delete # contact?', other: 'Delete # contacts?' })}
        description={t`They are removed from your contacts for good.`}
        confirmLabel={t`Delete`}
        destructive
        busy={removeContacts.isPending}
        onConfirm={() => removeContacts.mutate({ contactIds: selectedIds })}
      />
    </SampleAppShell>
  );
}

import { useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight, Search, VenetianMask } from 'lucide-react';
import { Link, useSearchParams } from 'wouter';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { adminUserStatuses, listedRoles, userHandle, type AdminUserRow } from '@server/domains/users/admin-users.schemas';
import { Button } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { SelectField } from '@web/components/form-fields';
import { Spinner } from '@web/components/spinner';
import { roleLabel } from '@web/lib/role-labels';
import { useDocumentTitle } from '@web/lib/site-name';
import { trpc } from '@web/lib/trpc';
import { useEmulate } from './use-emulate';
import { useWideScreen } from './use-wide-screen';

const pageSize = 20;
const statusLabels: Record<(typeof adminUserStatuses)[number], MessageDescriptor> = { active: msg`Active`, inactive: msg`Inactive`, waiting: msg`Waiting for activation` };

function StatusBadge({ row }: { row: AdminUserRow }) {
  const { t } = useLingui();
  const waiting = !row.isActive && row.role === 'dj';
  if (row.pendingPayment)
    return (
      <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">
        <Trans>Awaiting payment</Trans>
      </span>
    );
  const classes = row.isActive ? 'bg-green-100 text-green-800' : waiting ? 'bg-amber-100 text-amber-800' : 'bg-slate-100 text-slate-600';
  return <span className={`rounded px-2 py-0.5 text-xs font-medium ${classes}`}>{row.isActive ? t`Active` : waiting ? t`Waiting` : t`Inactive`}</span>;
}

const editPath = (row: AdminUserRow) => `/apps/users/${row.id}/${userHandle(row)}`;

/** /apps/users: searchable, filterable, paginated; a table on wide screens and cards on phones. Filters live in the URL. */
export default function UsersPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Users`);
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const role = (listedRoles as readonly string[]).includes(params.get('role') ?? '') ? (params.get('role') as AdminUserRow['role']) : undefined;
  const status = (adminUserStatuses as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as (typeof adminUserStatuses)[number]) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [searchText, setSearchText] = useState(search);
  const { emulate, emulating } = useEmulate();
  const wide = useWideScreen();

  const list = trpc.adminUsers.list.useQuery({ search: search || undefined, role, status, page, pageSize }, { placeholderData: (previous) => previous });

  const setFilter = (changes: Record<string, string | undefined>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });

  // Search as the admin types, a moment after the last key.
  useEffect(() => {
    if (searchText === search) return;
    const timer = setTimeout(() => setFilter({ search: searchText.trim() || undefined }), 300);
    return () => clearTimeout(timer);
  }, [searchText]); // eslint-disable-line react-hooks/exhaustive-deps

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-slate-900">
          <Trans>Users</Trans>
        </h1>
        <p className="text-sm text-slate-500" aria-live="polite">
          <Plural value={total} one="# account" other="# accounts" />
        </p>
      </div>
      <div className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <div className="space-y-1">
          <label htmlFor="user-search" className="block text-sm font-medium text-slate-700">
            <Trans>Search</Trans>
          </label>
          <div className="relative">
            <Search className="absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
            <input
              id="user-search"
              type="search"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder={t`Name, email or creator tag`}
              className="h-10 w-full rounded-md border border-slate-300 ps-9 pe-3 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
            />
          </div>
        </div>
        <SelectField label={t`Role`} value={role ?? ''} onChange={(event) => setFilter({ role: event.target.value || undefined })} options={[{ value: '', label: t`All roles` }, ...listedRoles.map((value) => ({ value, label: roleLabel(value) }))]} />
        <SelectField
          label={t`Status`}
          value={status ?? ''}
          onChange={(event) => setFilter({ status: event.target.value || undefined })}
          options={[{ value: '', label: t`All statuses` }, ...adminUserStatuses.map((value) => ({ value, label: t(statusLabels[value]) }))]}
        />
      </div>

      {list.isPending && <Spinner label={t`Loading users`} className="py-20" />}
      {list.isError && <EmptyState title={t`The users could not be loaded`}>{list.error.message}</EmptyState>}
      {list.data && list.data.items.length === 0 && <EmptyState title={t`No accounts match`}>
          <Trans>Try another search or filter.</Trans>
        </EmptyState>}
      {list.data && list.data.items.length > 0 && (
        <>
          {!wide && (
            <ul className="space-y-2" aria-label={t`Accounts`}>
              {list.data.items.map((row) => (
                <li key={row.id} className="rounded-lg border border-slate-200 bg-white p-3" data-testid={`user-card-${row.email}`}>
                  <div className="flex items-start justify-between gap-2">
                    <Link href={editPath(row)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
                      {row.displayName}
                    </Link>
                    <StatusBadge row={row} />
                  </div>
                  <p className="truncate text-sm text-slate-600">{row.email}</p>
                  <p className="text-sm text-slate-500">
                    {roleLabel(row.role)}
                    {row.subdomain ? ` · @${row.subdomain}` : ''}
                  </p>
                </li>
              ))}
            </ul>
          )}
          {wide && (
            <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
              <table className="min-w-full divide-y divide-slate-200 text-sm">
                <thead className="bg-slate-50 text-start text-xs font-semibold text-slate-500 uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-3">
                      <Trans>Name</Trans>
                    </th>
                    <th scope="col" className="px-4 py-3">
                      <Trans>Email</Trans>
                    </th>
                    <th scope="col" className="px-4 py-3">
                      <Trans>Role</Trans>
                    </th>
                    <th scope="col" className="px-4 py-3">
                      <Trans>Creator tag</Trans>
                    </th>
                    <th scope="col" className="px-4 py-3">
                      <Trans>Status</Trans>
                    </th>
                    <th scope="col" className="px-4 py-3 text-end">
                      <Trans>Actions</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {list.data.items.map((row) => (
                    <tr key={row.id} data-testid={`user-row-${row.email}`}>
                      <td className="px-4 py-3 font-medium text-slate-900">
                        <Link href={editPath(row)} className="hover:text-brand-700 hover:underline">
                          {row.displayName}
                        </Link>
                      </td>
                      <td className="px-4 py-3 text-slate-600">{row.email}</td>
                      <td className="px-4 py-3 text-slate-600">{roleLabel(row.role)}</td>
                      <td className="px-4 py-3 text-slate-600">{row.subdomain ?? '—'}</td>
                      <td className="px-4 py-3">
                        <StatusBadge row={row} />
                      </td>
                      <td className="px-4 py-3">
                        <div className="flex justify-end gap-2">
                          <Link href={editPath(row)} className="inline-flex h-8 items-center rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-50">
                            <Trans>Edit</Trans>
                          </Link>
                          {row.role !== 'admin' && row.role !== 'viewer' && row.isActive && (
                            <Button size="sm" variant="secondary" busy={emulating === row.id} onClick={() => void emulate(row.id)} aria-label={t`Emulate ${row.displayName}`}>
                              <VenetianMask className="size-4" aria-hidden /> <Trans>Emulate</Trans>
                            </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          )}
        </>
      )}
      {pages > 1 && (
        <nav aria-label={t`Pages`} className="flex items-center justify-between gap-2">
          <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setFilter({ page: String(page - 1) })}>
            <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden /> <Trans>Previous</Trans>
          </Button>
          <span className="text-sm text-slate-600">
            <Trans>
              Page {page} of {pages}
            </Trans>
          </span>
          <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => setFilter({ page: String(page + 1) })}>
            <Trans>Next</Trans> <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden />
          </Button>
        </nav>
      )}
    </section>
  );
}

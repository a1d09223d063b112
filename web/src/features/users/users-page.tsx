import { useState } from 'react';
import { UserCheck, UserX, VenetianMask } from 'lucide-react';
import { toast } from 'sonner';
import { Link, useLocation, useParams } from 'wouter';
import { Button } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { emulationMessages } from '@web/lib/session-actions';
import { useSession } from '@web/lib/session-store';
import { trpc } from '@web/lib/trpc';
import { roleLabel } from '@web/lib/role-labels';

/** The button activates an inactive account or one still waiting for its checkout payment; otherwise it deactivates. */
function activates(row: { isActive: boolean; pendingPayment: boolean }): boolean {
  return !row.isActive || row.pendingPayment;
}

function StatusBadge({ isActive, pendingPayment }: { isActive: boolean; pendingPayment: boolean }) {
  if (pendingPayment) return <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">Awaiting payment</span>;
  return (
    <span className={isActive ? 'rounded bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800' : 'rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600'}>
      {isActive ? 'Active' : 'Inactive'}
    </span>
  );
}

/** Admin user management: list, activate/deactivate, emulate. `/apps/users/{userId}` highlights one user. */
export default function UsersPage() {
  const params = useParams<{ userId?: string }>();
  const [, navigate] = useLocation();
  const me = useSession((state) => state.user);
  const utils = trpc.useUtils();
  const users = trpc.adminUsers.list.useQuery();
  const setActive = trpc.users.setActive.useMutation({
    onSuccess: () => utils.adminUsers.list.invalidate(),
    onError: (error) => toast.error(error.message),
  });
  const [emulating, setEmulating] = useState<string | null>(null);

  async function emulate(id: string) {
    setEmulating(id);
    try {
      const answer = await utils.users.emulate.fetch({ id }, { staleTime: 0, gcTime: 0 });
      useSession.getState().startEmulation(answer);
      utils.invalidate();
      navigate('/');
    } catch {
      toast.error(emulationMessages.emulateFailed);
    } finally {
      setEmulating(null);
    }
  }

  if (users.isPending) return <Spinner label="Loading users" className="py-20" />;
  if (users.isError) return <EmptyState title="The users could not be loaded">{users.error.message}</EmptyState>;
  const rows = users.data;
  const selected = params.userId ? rows.find((row) => row.id === params.userId) : undefined;

  return (
    <section className="space-y-4">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold text-slate-900">Users</h1>
        <p className="text-sm text-slate-500">{rows.length} accounts</p>
      </div>
      {params.userId && !selected && <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">User not found</p>}
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase text-slate-500">
            <tr>
              <th scope="col" className="px-4 py-3">Name</th>
              <th scope="col" className="px-4 py-3">Email</th>
              <th scope="col" className="px-4 py-3">Role</th>
              <th scope="col" className="px-4 py-3">Creator tag</th>
              <th scope="col" className="px-4 py-3">Status</th>
              <th scope="col" className="px-4 py-3 text-right">Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.id} className={row.id === selected?.id ? 'bg-brand-50' : undefined} data-testid={`user-row-${row.email}`}>
                <td className="px-4 py-3 font-medium text-slate-900">
                  <Link href={`/apps/users/${row.id}`} className="hover:text-brand-700 hover:underline">
                    {row.displayName}
                  </Link>
                </td>
                <td className="px-4 py-3 text-slate-600">{row.email}</td>
                <td className="px-4 py-3 text-slate-600">{roleLabel(row.role)}</td>
                <td className="px-4 py-3 text-slate-600">{row.subdomain ?? '—'}</td>
                <td className="px-4 py-3">
                  <StatusBadge isActive={row.isActive} pendingPayment={row.pendingPayment} />
                </td>
                <td className="px-4 py-3">
                  <div className="flex justify-end gap-2">
                    {row.id !== me?.id && row.role !== 'admin' && (
                      <Button
                        size="sm"
                        variant="secondary"
                        busy={setActive.isPending && setActive.variables?.id === row.id}
                        onClick={() => setActive.mutate({ id: row.id, isActive: activates(row) })}
                        aria-label={`${activates(row) ? 'Activate' : 'Deactivate'} ${row.displayName}`}
                      >
                        {activates(row) ? <UserCheck className="size-4" aria-hidden /> : <UserX className="size-4" aria-hidden />}
                        {activates(row) ? 'Activate' : 'Deactivate'}
                      </Button>
                    )}
                    {row.role !== 'admin' && (
                      <Button size="sm" variant="secondary" busy={emulating === row.id} onClick={() => void emulate(row.id)} aria-label={`Emulate ${row.displayName}`}>
                        <VenetianMask className="size-4" aria-hidden /> Emulate
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

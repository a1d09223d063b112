import { Avatar } from '@web/components/avatar';
import { roleLabel } from '@web/lib/role-labels';
import { useSession } from '@web/lib/session-store';

/** The signed-in user's profile: name, email, role and avatar. */
export function ProfilePage() {
  const user = useSession((state) => state.user);
  if (!user) return null;
  const roles = user.role.map(roleLabel).join(', ');
  return (
    <div className="mx-auto w-full max-w-3xl p-6">
      <section className="overflow-hidden rounded-2xl bg-white shadow ring-1 ring-slate-200">
        <div className="h-28 bg-gradient-to-r from-brand-500 to-brand-700" aria-hidden />
        <div className="-mt-12 flex flex-col items-start gap-4 px-6 pb-6 sm:flex-row sm:items-end">
          <Avatar name={user.displayName} imageUrl={user.imageUrl} className="size-24 border-4 border-white text-3xl" />
          <div className="pb-1">
            <h1 className="text-2xl font-bold text-slate-900">{user.displayName}</h1>
            <p className="text-sm text-slate-500">{roles}</p>
          </div>
        </div>
        <dl className="grid gap-4 border-t border-slate-100 px-6 py-6 sm:grid-cols-2">
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">Name</dt>
            <dd className="mt-1 text-slate-900">{`${user.firstName} ${user.lastName}`.trim() || user.displayName}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">Email</dt>
            <dd className="mt-1 break-all text-slate-900">{user.email}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">Role</dt>
            <dd className="mt-1 text-slate-900">{roles}</dd>
          </div>
          {user.subdomain && (
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">Creator tag</dt>
              <dd className="mt-1 text-slate-900">{user.subdomain}</dd>
            </div>
          )}
          {user.description && (
            <div className="sm:col-span-2">
              <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">About</dt>
              <dd className="mt-1 whitespace-pre-line text-slate-700">{user.description}</dd>
            </div>
          )}
        </dl>
      </section>
    </div>
  );
}

import { ShieldCheck } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSession } from '@web/lib/session-store';

function RoleExample({ title, allowed }: { title: string; allowed: string }) {
  const { t } = useLingui();
  const user = useSession((state) => state.user);
  const displayName = user?.displayName;
  const roles = user?.role.join(', ');
  return (
    <div className="mx-auto w-full max-w-3xl p-6">
      <section className="rounded-2xl bg-white p-8 shadow ring-1 ring-slate-200">
        <div className="flex items-center gap-3">
          <ShieldCheck className="size-8 text-brand-600" aria-hidden />
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        </div>
        <p className="mt-4 text-slate-700">
          <Trans>This page can only be opened by {allowed}.</Trans>
        </p>
        <p className="mt-2 text-sm text-slate-500">
          {user ? t`You are signed in as ${displayName} (${roles}).` : t`You are not signed in.`}
        </p>
      </section>
    </div>
  );
}

export function AdminRoleExamplePage() {
  const { t } = useLingui();
  return <RoleExample title={t`Admin role example`} allowed={t`admins`} />;
}

export function StaffRoleExamplePage() {
  const { t } = useLingui();
  return <RoleExample title={t`Staff role example`} allowed={t`admins and staff`} />;
}

export function GuestRoleExamplePage() {
  const { t } = useLingui();
  return <RoleExample title={t`Guest role example`} allowed={t`guests (visitors who are not signed in)`} />;
}

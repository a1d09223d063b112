import { ShieldCheck } from 'lucide-react';
import { useSession } from '@web/lib/session-store';

function RoleExample({ title, allowed }: { title: string; allowed: string }) {
  const user = useSession((state) => state.user);
  return (
    <div className="mx-auto w-full max-w-3xl p-6">
      <section className="rounded-2xl bg-white p-8 shadow ring-1 ring-slate-200">
        <div className="flex items-center gap-3">
          <ShieldCheck className="size-8 text-brand-600" aria-hidden />
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        </div>
        <p className="mt-4 text-slate-700">This page can only be opened by {allowed}.</p>
        <p className="mt-2 text-sm text-slate-500">
          {user ? `You are signed in as ${user.displayName} (${user.role.join(', ')}).` : 'You are not signed in.'}
        </p>
      </section>
    </div>
  );
}

export function AdminRoleExamplePage() {
  return <RoleExample title="Admin role example" allowed="admins" />;
}

export function StaffRoleExamplePage() {
  return <RoleExample title="Staff role example" allowed="admins and staff" />;
}

export function GuestRoleExamplePage() {
  return <RoleExample title="Guest role example" allowed="guests (visitors who are not signed in)" />;
}

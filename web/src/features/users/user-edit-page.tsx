import { useEffect, useState, type FormEvent } from 'react';
import { ArrowLeft, KeyRound, UserCheck, UserX, VenetianMask } from 'lucide-react';
import { toast } from 'sonner';
import { Link, Redirect, useParams } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { editableRoles, userHandle, type AdminUserRow } from '@server/domains/users/admin-users.schemas';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { SelectField } from '@web/components/form-fields';
import { Spinner } from '@web/components/spinner';
import { TextField } from '@web/components/text-field';
import { validationText } from '@web/lib/i18n/validation-texts';
import { roleLabel } from '@web/lib/role-labels';
import { useSession } from '@web/lib/session-store';
import { useDocumentTitle } from '@web/lib/site-name';
import { trpc } from '@web/lib/trpc';
import { useEmulate } from './use-emulate';
import { UserPlans } from './user-plans';

function EditForm({ user }: { user: AdminUserRow }) {
  const { t } = useLingui();
  const me = useSession((state) => state.user);
  const utils = trpc.useUtils();
  const { emulate, emulating } = useEmulate();
  const [form, setForm] = useState({ firstName: user.firstName, lastName: user.lastName, displayName: user.displayName, role: user.role });
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => setForm({ firstName: user.firstName, lastName: user.lastName, displayName: user.displayName, role: user.role }), [user]);
  const isSelf = me?.id === user.id;
  /** Activate an inactive account, or one still waiting for its checkout payment; otherwise deactivate. */
  const activates = !user.isActive || user.pendingPayment;
  const status = user.pendingPayment ? t`Awaiting checkout payment` : user.isActive ? t`Active` : user.role === 'dj' ? t`Waiting for activation` : t`Inactive`;

  const update = trpc.adminUsers.update.useMutation({
    onSuccess: (row) => {
      utils.adminUsers.get.setData({ id: row.id }, row);
      void utils.adminUsers.list.invalidate();
      void utils.adminUsers.waitingCount.invalidate();
      setErrors({});
    },
    onError: (error) => {
      setErrors(error.data?.fieldErrors ?? {});
      toast.error(error.message);
    },
  });
  const reset = trpc.adminUsers.sendPasswordReset.useMutation({ onSuccess: ({ message }) => toast.success(message), onError: (error) => toast.error(error.message) });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { id: user.id, firstName: form.firstName, lastName: form.lastName, displayName: form.displayName, ...(user.role !== 'viewer' && form.role !== user.role ? { role: form.role as (typeof editableRoles)[number] } : {}) },
      { onSuccess: () => toast.success(t`User saved`) },
    );
  }

  const bind = (key: 'firstName' | 'lastName' | 'displayName') => ({ value: form[key], onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }), error: validationText(errors[key]) });

  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_18rem]">
      <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6" aria-label={t`Edit user`}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t`First name`} maxLength={80} {...bind('firstName')} />
          <TextField label={t`Last name`} maxLength={80} {...bind('lastName')} />
        </div>
        <TextField label={t`Display name`} maxLength={80} {...bind('displayName')} />
        {user.role === 'viewer' ? (
          <TextField label={t`Role`} value={roleLabel('viewer')} readOnly disabled hint={t`Viewer accounts keep the viewer role.`} />
        ) : (
          <SelectField
            label={t`Role`}
            value={form.role}
            disabled={isSelf}
            onChange={(event) => setForm({ ...form, role: event.target.value as AdminUserRow['role'] })}
            options={editableRoles.map((role) => ({ value: role, label: roleLabel(role) }))}
            error={validationText(errors.role)}
            hint={isSelf ? t`You cannot change your own role.` : t`A role change signs the user out.`}
          />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t`Email`} value={user.email} readOnly disabled />
          <TextField label={t`Creator tag`} value={user.subdomain ?? '—'} readOnly disabled />
        </div>
        <div className="flex justify-end">
          <Button type="submit" busy={update.isPending && update.variables?.isActive === undefined}>
            <Trans>Save</Trans>
          </Button>
        </div>
      </form>
      <aside className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" aria-label={t`Account actions`}>
        <p className="text-sm text-slate-600">
          <Trans>
            Status: <strong className={user.isActive ? 'text-green-700' : 'text-amber-700'} data-testid="user-status">{status}</strong>
          </Trans>
        </p>
        {!isSelf && (
          <Button
            className="w-full"
            variant={activates ? 'primary' : 'secondary'}
            busy={update.isPending && update.variables?.isActive !== undefined}
            onClick={() => update.mutate({ id: user.id, isActive: activates }, { onSuccess: (row) => toast.success(row.isActive ? t`Account activated` : t`Account deactivated`) })}
          >
            {activates ? <UserCheck className="size-4" aria-hidden /> : <UserX className="size-4" aria-hidden />}
            {activates ? t`Activate` : t`Deactivate`}
          </Button>
        )}
        {!isSelf && user.role !== 'admin' && user.role !== 'viewer' && user.isActive && (
          <Button className="w-full" variant="secondary" busy={emulating === user.id} onClick={() => void emulate(user.id)}>
            <VenetianMask className="size-4" aria-hidden /> <Trans>Emulate</Trans>
          </Button>
        )}
        <Button className="w-full" variant="secondary" busy={reset.isPending} onClick={() => reset.mutate({ id: user.id })}>
          <KeyRound className="size-4" aria-hidden /> <Trans>Send password reset</Trans>
        </Button>
      </aside>
    </div>
  );
}

/** /apps/users/{userId}/{handle}: edit one account (names, role, activation), emulate it, send it a password reset, or grant it a complimentary plan. */
export default function UserEditPage() {
  const { userId = '', userHandle: handle } = useParams<{ userId: string; userHandle?: string }>();
  const { t } = useLingui();
  const user = trpc.adminUsers.get.useQuery({ id: userId }, { retry: false });
  useDocumentTitle(user.data?.displayName ?? t`User`);
  if (user.isPending) return <Spinner label={t`Loading user`} className="py-20" />;
  if (user.isError) {
    return (
      <EmptyState title={user.error.message}>
        <Link href="/apps/users" className="font-medium text-brand-700 hover:underline">
          <Trans>Back to users</Trans>
        </Link>
      </EmptyState>
    );
  }
  const canonical = userHandle(user.data);
  if (handle !== canonical) return <Redirect to={`/apps/users/${user.data.id}/${canonical}`} replace />;
  return (
    <section className="max-w-4xl space-y-4">
      <Link href="/apps/users" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden /> <Trans>Users</Trans>
      </Link>
      <div className="flex items-center gap-3">
        <Avatar name={user.data.displayName} imageUrl={user.data.imageUrl} className="size-12 text-lg" />
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{user.data.displayName}</h1>
          <p className="text-sm text-slate-500">{roleLabel(user.data.role)}</p>
        </div>
      </div>
      <EditForm user={user.data} />
      {user.data.role !== 'viewer' && <UserPlans userId={user.data.id} />}
    </section>
  );
}

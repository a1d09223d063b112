import { useEffect, useState, type FormEvent } from 'react';
import { RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Redirect, useParams } from 'wouter';
import { settingGroupIds, type SettingsAnswer, type UpdateSettingsInput } from '@server/domains/settings/settings.schemas';
import { Button } from '@web/components/button';
import { FormError } from '@web/components/form-error';
import { EmptyState } from '@web/components/empty-state';
import { SelectField } from '@web/components/form-fields';
import { LinkTabs } from '@web/components/link-tabs';
import { Spinner } from '@web/components/spinner';
import { TextField } from '@web/components/text-field';
import { useDocumentTitle } from '@web/lib/site-name';
import { trpc } from '@web/lib/trpc';
import { PlansForm } from './plans-form';
import { settingErrorText, settingGroupDescription, settingGroupTitle, settingHelp, settingLabel, settingOptionLabel, settingSaveLabel } from './settings-texts';

/** A tab of this page beside the setting groups: what each plan card lists (the products' features). */
const plansTab = 'plans';

type Group = SettingsAnswer['groups'][number];
type Field = Group['fields'][number];
/** What the form holds per field: text/boolean for plain fields; for secrets, the new value typed (empty = keep). */
type Draft = Record<string, string | boolean>;
type Changes = Record<string, string | boolean | null>;

const sourceLabel: Record<Field['source'], MessageDescriptor> = { database: msg`Set here`, environment: msg`From the environment`, default: msg`Default` };

function initialDraft(group: Group): Draft {
  return Object.fromEntries(group.fields.map((field) => [field.key, field.kind === 'secret' ? '' : (field.value ?? (field.kind === 'boolean' ? false : ''))]));
}

function GroupForm({ group }: { group: Group }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState<Draft>(() => initialDraft(group));
  const [cleared, setCleared] = useState<Set<string>>(new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setDraft(initialDraft(group));
    setCleared(new Set());
  }, [group]);
  const update = trpc.settings.update.useMutation({
    onSuccess: (answer) => {
      utils.settings.get.setData(undefined, answer);
      void utils.settings.publicSite.invalidate();
      setErrors({});
      toast.success(t`Settings saved`);
    },
    onError: (error) => setErrors(error.data?.fieldErrors ?? {}),
  });
  // A refusal no field shows (or the server down): in the form, under its description.
  const failure = update.error && !Object.keys(update.error.data?.fieldErrors ?? {}).some((key) => group.fields.some((field) => field.key === key)) ? update.error : null;

  function changes(): Changes {
    const values: Changes = {};
    for (const field of group.fields) {
      if (cleared.has(field.key)) {
        values[field.key] = null;
        continue;
      }
      const value = draft[field.key]!;
      if (field.kind === 'secret') {
        if (typeof value === 'string' && value.trim()) values[field.key] = value.trim();
      } else if (value !== (field.value ?? (field.kind === 'boolean' ? false : ''))) {
        values[field.key] = value;
      }
    }
    return values;
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const values = changes();
    if (!Object.keys(values).length) return void toast.info(t`Nothing to save`);
    update.mutate({ group: group.id, values } as UpdateSettingsInput);
  }

  const resetButton = (field: Field) => {
    const label = settingLabel(field);
    return (
      field.source === 'database' && (
      <button
        type="button"
        onClick={() => setCleared((current) => new Set(current).add(field.key))}
        className="inline-flex items-center gap-1 text-xs font-medium text-brand-700 hover:underline"
        aria-label={field.kind === 'secret' ? t`Remove ${label}` : t`Reset ${label}`}
      >
        <RotateCcw className="size-3" aria-hidden /> {field.kind === 'secret' ? t`Remove (use the environment value)` : t`Reset to the environment value`}
      </button>
      )
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 sm:p-6" aria-label={settingGroupTitle(group)}>
      <p className="text-sm text-slate-600">{settingGroupDescription(group)}</p>
      <FormError error={failure} />
      {group.fields.map((field) => {
        const pendingClear = cleared.has(field.key);
        const help = settingHelp(field);
        const meta = (
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>{pendingClear ? t`Will be reset when you save` : t(sourceLabel[field.source])}</span>
            {!pendingClear && resetButton(field)}
            {help && <span>{help}</span>}
          </span>
        );
        if (field.kind === 'boolean') {
          return (
            <div key={field.key} className="space-y-1">
              <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
                <input type="checkbox" className="size-4 accent-brand-600" checked={draft[field.key] === true} onChange={(event) => setDraft({ ...draft, [field.key]: event.target.checked })} />
                {settingLabel(field)}
              </label>
              <p className="text-xs text-slate-500">{meta}</p>
            </div>
          );
        }
        if (field.kind === 'select') {
          return (
            <SelectField
              key={field.key}
              label={settingLabel(field)}
              value={String(draft[field.key])}
              onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
              options={(field.options ?? []).map((option) => ({ value: option, label: settingOptionLabel(option) }))}
              error={settingErrorText(errors[field.key])}
              hint={meta}
            />
          );
        }
        const masked = field.masked;
        return (
          <TextField
            key={field.key}
            label={settingLabel(field)}
            type={field.kind === 'secret' ? 'password' : 'text'}
            autoComplete={field.kind === 'secret' ? 'new-password' : 'off'}
            value={String(draft[field.key])}
            placeholder={field.kind === 'secret' ? (masked ? t`${masked} (leave empty to keep)` : t`Not set`) : undefined}
            onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
            error={settingErrorText(errors[field.key])}
            hint={meta}
          />
        );
      })}
      <div className="flex justify-end">
        <Button type="submit" busy={update.isPending}>
          {settingSaveLabel(group)}
        </Button>
      </div>
    </form>
  );
}

/** /apps/settings/{settingId}: platform settings, one group per tab (admin only). Secrets are write-only. */
export default function SettingsPage() {
  const { settingId } = useParams<{ settingId?: string }>();
  const { t } = useLingui();
  const settings = trpc.settings.get.useQuery();
  useDocumentTitle(t`Settings`);
  if (!settingId || !(settingId === plansTab || (settingGroupIds as readonly string[]).includes(settingId))) return <Redirect to="/apps/settings/general" replace />;
  if (settings.isPending) return <Spinner label={t`Loading settings`} className="py-20" />;
  if (settings.isError) return <EmptyState title={t`The settings could not be loaded`}>{settings.error.message}</EmptyState>;
  const group = settings.data.groups.find((candidate) => candidate.id === settingId);
  return (
    <section className="max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">
        <Trans>Settings</Trans>
      </h1>
      <LinkTabs
        label={t`Setting groups`}
        active={settingId}
        tabs={[...settings.data.groups.map((item) => ({ id: item.id, title: settingGroupTitle(item), href: `/apps/settings/${item.id}` })), { id: plansTab, title: t`Plans`, href: `/apps/settings/${plansTab}` }]}
      />
      {group ? <GroupForm key={group.id} group={group} /> : <PlansForm />}
    </section>
  );
}

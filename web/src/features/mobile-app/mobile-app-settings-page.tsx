import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { toast } from 'sonner';
import { useParams } from 'wouter';
import type { z } from 'zod';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { nameMaxLength, shortNameMaxLength, updateAppInput, type MobileAppOutput } from '@server/domains/mobile-app/mobile-app.schemas';
import { brandOrange } from '@common/mobile-app-values';
import { Button } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { TextField } from '@web/components/text-field';
import { trpc } from '@web/lib/trpc';
import { IconField } from './icon-field';
import { InstallCard } from './install-card';
import { PhonePreview } from './phone-preview';
import { failureFields, failureMessage } from '@web/components/error-message';
import { FormError } from '@web/components/form-error';
import { validationText } from '@web/lib/i18n/validation-texts';

type SettingsValues = z.input<typeof updateAppInput>;
const fields = ['name', 'shortName', 'themeColor', 'backgroundColor', 'startPage'] as const;

const startPages = [
  { value: 'home', label: msg`App home`, hint: msg`Your live or next event, latest episodes and the “Notify me” button` },
  { value: 'event', label: msg`Event page`, hint: msg`Straight to your live or next event` },
  { value: 'latest-episode', label: msg`Latest episode`, hint: msg`Your newest published episode` },
] as const;

function ColorField({ label, value, error, onChange }: { label: string; value: string; error?: string; onChange(value: string): void }) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input type="color" aria-label={t`${label} picker`} value={/^#[0-9a-f]{6}$/i.test(value) ? value : brandOrange} onChange={(event) => onChange(event.target.value)} className="h-10 w-12 cursor-pointer rounded border border-slate-300 bg-white p-1" />
        <input
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={!!error || undefined}
          className="block h-10 w-32 rounded-md border border-slate-300 px-3 font-mono text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
        />
      </div>
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

function toValues(app: MobileAppOutput): SettingsValues {
  return { appId: app.id, name: app.name, shortName: app.shortName, themeColor: app.themeColor, backgroundColor: app.backgroundColor, startPage: app.startPage };
}

/** /apps/mobile-app/{appId}: name, colours, icon and start page of one creator app, with its install link and a phone preview. */
export default function MobileAppSettingsPage() {
  const { t } = useLingui();
  const { appId = '' } = useParams<{ appId: string }>();
  const utils = trpc.useUtils();
  const app = trpc.mobileApp.get.useQuery({ appId }, { retry: false });
  const update = trpc.mobileApp.update.useMutation();
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<SettingsValues>({ resolver: zodResolver(updateAppInput), mode: 'onTouched' });
  const values = useWatch({ control });
  useEffect(() => {
    if (app.data) reset(toValues(app.data));
  }, [app.data, reset]);

  const accept = (updated: MobileAppOutput) => {
    utils.mobileApp.get.setData({ appId: updated.id }, updated);
    void utils.mobileApp.list.invalidate();
  };

  // A refusal no field shows: shown at the top of the settings form.
  const [failure, setFailure] = useState<unknown>(null);

  const onSubmit = handleSubmit(async (input) => {
    setFailure(null);
    try {
      const updated = await update.mutateAsync(updateAppInput.parse(input));
      accept(updated);
      toast.success(t`App saved`);
    } catch (error) {
      const fieldErrors = failureFields(error);
      let mapped = false;
      for (const field of fields) {
        if (fieldErrors[field]) {
          setError(field, { type: 'server', message: fieldErrors[field] });
          mapped = true;
        }
      }
      if (!mapped) setFailure(error);
    }
  });

  if (app.isPending) return <Spinner label={t`Loading your app`} className="py-24" />;
  if (app.isError) {
    return (
      <EmptyState title={t`App not found`}>
        <p>{failureMessage(app.error)}</p>
      </EmptyState>
    );
  }
  const saved = app.data;
  const preview = {
    name: values.name ?? saved.name,
    shortName: values.shortName ?? saved.shortName,
    themeColor: values.themeColor ?? saved.themeColor,
    backgroundColor: values.backgroundColor ?? saved.backgroundColor,
    iconUrl: saved.hasCustomIcon ? saved.icons.icon192 : null,
  };

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">
          <Trans>My Mobile App</Trans>
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          <Trans>Your own app for fans' phones: it opens your events and episodes, works offline and shows your notifications. No app store needed.</Trans>
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_420px]">
        <div className="space-y-6">
          <form onSubmit={onSubmit} noValidate className="space-y-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-label={t`App settings`}>
            <h2 className="text-lg font-semibold text-slate-900">
              <Trans>Settings</Trans>
            </h2>
            <FormError error={failure} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label={t`App name`} maxLength={nameMaxLength + 10} error={validationText(errors.name?.message)} hint={t`Shown when the app opens and in the app list`} {...register('name')} />
              <TextField label={t`Short name`} maxLength={shortNameMaxLength + 10} error={validationText(errors.shortName?.message)} hint={t`Shown under the icon`} {...register('shortName')} />
            </div>
            <div className="flex flex-wrap gap-6">
              <ColorField label={t`Theme colour`} value={values.themeColor ?? ''} error={validationText(errors.themeColor?.message)} onChange={(color) => setValue('themeColor', color, { shouldDirty: true, shouldValidate: true })} />
              <ColorField
                label={t`Background colour`}
                value={values.backgroundColor ?? ''}
                error={validationText(errors.backgroundColor?.message)}
                onChange={(color) => setValue('backgroundColor', color, { shouldDirty: true, shouldValidate: true })}
              />
            </div>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-slate-700">
                <Trans>Start page</Trans>
              </legend>
              {startPages.map((page) => (
                <label key={page.value} className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
                  <input type="radio" value={page.value} className="mt-1 accent-brand-600" {...register('startPage')} />
                  <span>
                    <span className="block text-sm font-medium text-slate-900">{t(page.label)}</span>
                    <span className="block text-xs text-slate-500">{t(page.hint)}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            <Button type="submit" busy={isSubmitting} disabled={!isDirty}>
              <Save className="size-4" aria-hidden />
              <Trans>Save</Trans>
            </Button>
          </form>
          <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-label={t`App icon`}>
            <IconField app={saved} onChange={accept} />
          </section>
          <InstallCard path={saved.path} themeColor={saved.themeColor} />
        </div>
        <aside className="space-y-3">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">
            <Trans>On a phone</Trans>
          </h2>
          <PhonePreview app={preview} />
        </aside>
      </div>
    </div>
  );
}

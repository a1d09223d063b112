import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ExternalLink } from 'lucide-react';
import { toast } from 'sonner';
import { Trans, useLingui } from '@lingui/react/macro';
import { eventPagePath, type EventOutput } from '@server/domains/events/events.schemas';
import { Button } from '@web/components/button';
import { failureFields } from '@web/components/error-message';
import { FormError } from '@web/components/form-error';
import { Modal } from '@web/components/modal';
import { planRefusalMessage, PlanRequiredNotice } from '@web/components/plan-notice';
import { TextField } from '@web/components/text-field';
import { trpc } from '@web/lib/trpc';
import { FediverseOptOut } from '@web/features/events/public';
import { validationText } from '@web/lib/i18n/validation-texts';
import { formErrorsOf, parseEventForm, type EventFormValues } from './event-form';
import { StreamSourceNote } from './stream-source-note';
import { ToggleField } from './toggle-field';

export type EventDialogState = { mode: 'create'; values: EventFormValues } | { mode: 'edit'; event: EventOutput; values: EventFormValues } | null;

/** Create, edit or delete one event: name, description, TBA toggle, start and end, premium toggle with price, active toggle, "Post to the Fediverse". */
export function EventDialog({ state, onClose }: { state: EventDialogState; onClose(): void }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // "Features require a plan": the refusal a new event would meet, shown before trying (and after a refused save).
  const [planRefusal, setPlanRefusal] = useState<string | null>(null);
  // Any other refusal no field shows (a conflict, the server down): shown at the top of the dialog.
  const [failure, setFailure] = useState<unknown>(null);
  const planAccess = trpc.billing.myPlanAccess.useQuery(undefined, { enabled: state?.mode === 'create', retry: false, staleTime: 0 });
  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EventFormValues>({
    resolver: async (values) => {
      const result = parseEventForm(values);
      if (result.input) return { values, errors: {} };
      const fieldErrors = Object.fromEntries(Object.entries(result.errors).map(([field, message]) => [field, { type: 'validate', message: validationText(message) }]));
      return { values: {}, errors: fieldErrors };
    },
  });

  useEffect(() => {
    if (state) reset(state.values);
    setConfirmingDelete(false);
    setPlanRefusal(null);
    setFailure(null);
  }, [state, reset]);

  const onSaved = (message: string) => {
    toast.success(message);
    void utils.events.list.invalidate();
    onClose();
  };
  const onFailed = (error: unknown) => {
    const fields = formErrorsOf(failureFields(error));
    for (const [field, message] of Object.entries(fields)) setError(field as keyof EventFormValues, { type: 'server', message: validationText(message) });
    const planRefusal = planRefusalMessage(error);
    if (planRefusal) return setPlanRefusal(planRefusal);
    if (!Object.keys(fields).length) setFailure(error);
  };
  const create = trpc.events.create.useMutation();
  const update = trpc.events.update.useMutation();
  const remove = trpc.events.delete.useMutation({
    onSuccess: () => onSaved(t`Event deleted`),
    onError: setFailure,
  });

  const onSubmit = handleSubmit(async (values) => {
    const result = parseEventForm(values);
    if (!result.input || !state) return;
    setFailure(null);
    try {
      if (state.mode === 'create') {
        await create.mutateAsync(result.input);
        onSaved(t`Event created`);
      } else {
        await update.mutateAsync({ id: state.event.id, ...result.input });
        onSaved(t`Event saved`);
      }
    } catch (error) {
      onFailed(error);
    }
  });

  const tba = watch('tba');
  const isPremium = watch('isPremium');
  const editing = state?.mode === 'edit' ? state.event : null;
  const needsPlan = editing ? null : (planRefusal ?? planAccess.data?.refusals.events ?? null);

  return (
    <Modal open={!!state} onOpenChange={(open) => !open && onClose()} title={editing ? t`Edit event` : t`New event`} size="md">
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={editing ? t`Edit event` : t`New event`}>
        {needsPlan && <PlanRequiredNotice message={needsPlan} />}
        <FormError error={failure} />
        <TextField label={t`Event name`} error={errors.name?.message} {...register('name')} />
        <div className="space-y-1">
          <label htmlFor="event-description" className="block text-sm font-medium text-slate-700">
            <Trans>Description</Trans>
          </label>
          <textarea
            id="event-description"
            rows={3}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
            {...register('description')}
          />
          {errors.description?.message && (
            <p role="alert" className="text-xs text-red-600">
              {errors.description.message}
            </p>
          )}
        </div>
        <Controller control={control} name="tba" render={({ field }) => <ToggleField label={t`Time to be announced (TBA)`} hint={t`No start and end yet`} checked={field.value} onCheckedChange={field.onChange} />} />
        {!tba && (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t({ message: 'Start', context: 'start time' })} type="datetime-local" error={errors.start?.message} {...register('start')} />
            <TextField label={t`End`} type="datetime-local" error={errors.end?.message} {...register('end')} />
          </div>
        )}
        <Controller control={control} name="isPremium" render={({ field }) => <ToggleField label={t`Premium event`} hint={t`Viewers pay to enter`} checked={field.value} onCheckedChange={field.onChange} />} />
        {isPremium && <TextField label={t`Premium price (CAD)`} inputMode="decimal" placeholder="9.99" error={errors.premiumPrice?.message} {...register('premiumPrice')} />}
        <Controller control={control} name="isActive" render={({ field }) => <ToggleField label={t`Active`} hint={t`Inactive events are left out of your public calendar feed`} checked={field.value} onCheckedChange={field.onChange} />} />
        <Controller control={control} name="fediverse" render={({ field }) => <FediverseOptOut enabled={!!state} checked={field.value} onCheckedChange={field.onChange} />} />

        <StreamSourceNote eventId={editing?.id ?? null} />

        {editing && editing.user.userName && (
          <a href={eventPagePath(editing.user.userName, editing.id)} target="_blank" rel="noopener" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
            <ExternalLink className="size-4" aria-hidden />
            <Trans>Open the event page</Trans>
          </a>
        )}

        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-4">
          {editing ? (
            confirmingDelete ? (
              <span className="flex items-center gap-2">
                <Button variant="danger" size="sm" busy={remove.isPending} onClick={() => remove.mutate({ id: editing.id })}>
                  <Trans>Confirm delete</Trans>
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setConfirmingDelete(false)}>
                  <Trans>Keep</Trans>
                </Button>
              </span>
            ) : (
              <Button variant="ghost" size="sm" className="text-red-700" onClick={() => setConfirmingDelete(true)}>
                <Trans>Delete</Trans>
              </Button>
            )
          ) : (
            <span />
          )}
          <span className="flex gap-2">
            <Button variant="secondary" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" busy={isSubmitting}>
              {editing ? t`Save` : t`Create`}
            </Button>
          </span>
        </div>
      </form>
    </Modal>
  );
}

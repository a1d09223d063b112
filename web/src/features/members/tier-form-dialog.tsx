import { useEffect, useId, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Info } from 'lucide-react';
import { Link } from 'wouter';
import { toast } from 'sonner';
import { z } from 'zod';
import { msg, plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { dollarsText, toCents } from '@common/money';
import { createTierInput, monthlyPrice, type TierOutput } from '@server/domains/memberships/memberships.schemas';
import { Button } from '@web/components/button';
import { failureFields } from '@web/components/error-message';
import { FormError } from '@web/components/form-error';
import { TextAreaField } from '@web/components/form-fields';
import { Modal } from '@web/components/modal';
import { Switch } from '@web/components/switch';
import { TextField } from '@web/components/text-field';
import { formatDateTime } from '@web/lib/i18n/format';
import { validationText } from '@web/lib/i18n/validation-texts';
import { trpc } from '@web/lib/trpc';
import { money } from './money';

/** The price as typed ("9.99", "$9.99"): an empty or unreadable text reaches the server's rule as NaN and gets its message. */
const priceText = z
  .string()
  .trim()
  .transform((text) => (text === '' ? Number.NaN : Number(text.replace(/^\$/, ''))))
  .pipe(monthlyPrice);
const tierForm = createTierInput.extend({ monthlyPrice: priceText });
type TierFormInput = z.input<typeof tierForm>;
type TierFormValues = z.output<typeof tierForm>;
type FieldName = FieldPath<TierFormInput>;

const fieldNames: readonly FieldName[] = ['name', 'monthlyPrice', 'description', 'includesAllPremiumEvents', 'premiumEventIds', 'includesReplays', 'podcastTitleIds', 'chatBadge'];

export const priceChangeNote = msg`A new price applies to members who join from now on. Existing members keep the price they joined at.`;

function defaultsOf(tier: TierOutput | undefined): TierFormInput {
  return {
    name: tier?.name ?? '',
    monthlyPrice: tier ? dollarsText(tier.priceCents) : '',
    description: tier?.description ?? '',
    includesAllPremiumEvents: tier?.includesAllPremiumEvents ?? true,
    premiumEventIds: tier?.premiumEventIds ?? [],
    includesReplays: tier?.includesReplays ?? true,
    podcastTitleIds: tier?.podcastTitleIds ?? [],
    chatBadge: tier?.chatBadge ?? true,
  };
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-xs text-red-600">
      {message}
    </p>
  );
}

/** A labelled on/off perk: the label names the switch, the hint says what it gives. */
function PerkSwitch({ control, name, label, hint }: { control: Control<TierFormInput, unknown, TierFormValues>; name: 'includesReplays' | 'chatBadge'; label: string; hint: string }) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-start justify-between gap-4">
          <label htmlFor={id} className="text-sm">
            <span className="block font-medium text-slate-800">{label}</span>
            <span className="block text-xs text-slate-500">{hint}</span>
          </label>
          <Switch id={id} checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />
        </div>
      )}
    />
  );
}

/** Checkboxes for picking some of a list (events, podcasts); the group is named by its legend. */
function CheckboxList({
  legend,
  hint,
  options,
  value,
  onChange,
  error,
  empty,
}: {
  legend: string;
  hint?: string;
  options: ReadonlyArray<{ id: string; label: string; detail?: string }>;
  value: readonly string[];
  onChange(ids: string[]): void;
  error?: string;
  empty: ReactNode;
}) {
  const errorId = useId();
  const toggle = (id: string, checked: boolean) => onChange(checked ? [...value, id] : value.filter((item) => item !== id));
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={!!error || undefined}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
      {options.length === 0 ? (
        <p className="mt-2 rounded-md border border-dashed border-slate-300 p-3 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2">
          {options.map((option) => (
            <li key={option.id}>
              <label className="flex items-start gap-2 rounded p-1 text-sm hover:bg-slate-50">
                <input type="checkbox" className="mt-0.5 size-4 accent-brand-600" checked={value.includes(option.id)} onChange={(event) => toggle(option.id, event.target.checked)} />
                <span>
                  <span className="text-slate-900">{option.label}</span>
                  {option.detail && <span className="block text-xs text-slate-500">{option.detail}</span>}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

function eventDay(iso: string | null, noDate: string): string | undefined {
  return iso ? formatDateTime(iso, { dateStyle: 'medium', timeStyle: 'short' }) : noDate;
}

/** "New tier" and "Edit tier": name, monthly price, description and perks, checked by the server's own rules. */
export function TierFormDialog({ open, onOpenChange, tier }: { open: boolean; onOpenChange(open: boolean): void; tier?: TierOutput }) {
  const { t } = useLingui();
  const formId = useId();
  const allEventsId = useId();
  const chosenEventsId = useId();
  const utils = trpc.useUtils();
  const events = trpc.events.list.useQuery(undefined, { enabled: open });
  const titles = trpc.podcasts.listTitles.useQuery(undefined, { enabled: open });
  const createTier = trpc.memberships.createTier.useMutation();
  const updateTier = trpc.memberships.updateTier.useMutation();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<TierFormInput, unknown, TierFormValues>({ resolver: zodResolver(tierForm), mode: 'onTouched', defaultValues: defaultsOf(tier) });
  const [includesAll, priceInput] = useWatch({ control, name: ['includesAllPremiumEvents', 'monthlyPrice'] });
  const premiumEvents = (events.data ?? []).filter((event) => event.isPremium);
  const typedPrice = priceText.safeParse(priceInput);
  const priceChanged = !!tier && typedPrice.success && toCents(typedPrice.data) !== tier.priceCents;

  // A refusal no field shows (the plan, a conflict, the server down): shown at the top of the dialog.
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => setFailure(null), [open]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (tier) await updateTier.mutateAsync({ id: tier.id, ...values });
      else await createTier.mutateAsync(values);
      await utils.memberships.invalidate();
      toast.success(tier ? t`Tier saved` : t`Tier created`);
      onOpenChange(false);
    } catch (error) {
      const fieldErrors = failureFields(error);
      let mapped = false;
      for (const [key, message] of Object.entries(fieldErrors)) {
        const field = fieldNames.find((name) => key === name || key.startsWith(`${name}.`));
        if (field) {
          setError(field, { type: 'server', message });
          mapped = true;
        }
      }
      if (!mapped) setFailure(error);
    }
  });

  const eventsError = validationText(errors.premiumEventIds?.message ?? errors.includesAllPremiumEvents?.message);
  const tierName = tier?.name ?? '';
  const newPrice = typedPrice.success ? money(toCents(typedPrice.data)) : '';
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={tier ? t`Edit tier: ${tierName}` : t`New tier`}
      description={tier ? undefined : t`Fans pay this every month; their membership opens the perks you choose here.`}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form={formId} busy={isSubmitting}>
            {tier ? t`Save tier` : t`Create tier`}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-5" aria-label={tier ? t`Edit tier` : t`New tier`}>
        <FormError error={failure} />
        {tier?.archivedAt && (
          <p className="rounded-md bg-slate-100 p-3 text-sm text-slate-700">
            <Trans>This tier is archived: it takes no new members. Its members keep their membership until they cancel.</Trans>
          </p>
        )}
        <TextField label={t`Name`} maxLength={100} placeholder={t`e.g. Backstage`} error={validationText(errors.name?.message)} {...register('name')} />
        <div className="space-y-2">
          <TextField
            label={t`Monthly price (CAD)`}
            inputMode="decimal"
            placeholder="5.00"
            error={validationText(errors.monthlyPrice?.message)}
            hint={tier ? undefined : t`At least $1.00. You keep 60% of what is left after the card fee.`}
            {...register('monthlyPrice')}
          />
          {tier && (
            <p className="flex gap-2 rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-slate-800" data-testid="price-change-note">
              <Info className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
              <span>
                {t(priceChangeNote)}
                {priceChanged && tier.activeMembers > 0 && (
                  <>
                    {' '}
                    <Plural
                      value={tier.activeMembers}
                      one="Your current member keeps paying what they pay now."
                      other="Your # current members keep paying what they pay now."
                    />
                  </>
                )}
                {priceChanged && ` ${t`New members will pay ${newPrice} a month.`}`}
              </span>
            </p>
          )}
        </div>
        <TextAreaField label={t`Description`} rows={3} maxLength={2000} placeholder={t`What members get, in your words`} error={validationText(errors.description?.message)} {...register('description')} />

        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">
            <Trans>Premium events included</Trans>
          </legend>
          <Controller
            control={control}
            name="includesAllPremiumEvents"
            render={({ field }) => (
              <div className="space-y-1">
                <label htmlFor={allEventsId} className="flex items-center gap-2 text-sm text-slate-800">
                  <input id={allEventsId} type="radio" name={field.name} className="size-4 accent-brand-600" checked={field.value} onChange={() => field.onChange(true)} onBlur={field.onBlur} />
                  <Trans>All my premium events, future ones included</Trans>
                </label>
                <label htmlFor={chosenEventsId} className="flex items-center gap-2 text-sm text-slate-800">
                  <input id={chosenEventsId} type="radio" name={field.name} className="size-4 accent-brand-600" checked={!field.value} onChange={() => field.onChange(false)} onBlur={field.onBlur} />
                  <Trans>Only the events I choose</Trans>
                </label>
              </div>
            )}
          />
          {includesAll ? (
            <FieldError id={`${formId}-events-error`} message={eventsError} />
          ) : (
            <Controller
              control={control}
              name="premiumEventIds"
              render={({ field }) => (
                <CheckboxList
                  legend={t`Chosen premium events`}
                  options={premiumEvents.map((event) => ({ id: event.id, label: event.name, detail: eventDay(event.startDateTime, t`No date yet`) }))}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  error={eventsError}
                  empty={
                    events.isPending ? (
                      t`Loading your events…`
                    ) : (
                      <Trans>
                        You have no premium events yet. Mark an event premium in the{' '}
                        <Link href="/apps/calendar" className="font-medium text-brand-700 hover:underline">
                          Calendar
                        </Link>
                        , or include all premium events.
                      </Trans>
                    )
                  }
                />
              )}
            />
          )}
        </fieldset>

        <PerkSwitch control={control} name="includesReplays" label={t`Replays included`} hint={t`Members watch the recordings of your past events.`} />

        <Controller
          control={control}
          name="podcastTitleIds"
          render={({ field }) => (
            <CheckboxList
              legend={t`Members-only podcasts`}
              hint={t`Each member gets a private feed of these podcasts for their podcast app. Mark a podcast “Members only” to take it out of your public feed and listings.`}
              options={(titles.data ?? []).map((title) => ({
                id: title.id,
                label: title.name,
                detail: `${title.membersOnly ? t`Members only` : t`Also public`} · ${plural(title.episodeCount, { one: '# episode', other: '# episodes' })}`,
              }))}
              value={field.value ?? []}
              onChange={field.onChange}
              error={validationText(errors.podcastTitleIds?.message)}
              empty={
                titles.isPending ? (
                  t`Loading your podcasts…`
                ) : (
                  <Trans>
                    You have no podcasts yet.{' '}
                    <Link href="/apps/podcast-titles" className="font-medium text-brand-700 hover:underline">
                      Create one in Podcasts
                    </Link>{' '}
                    to offer members a private feed.
                  </Trans>
                )
              }
            />
          )}
        />

        <PerkSwitch control={control} name="chatBadge" label={t`Member badge in chat`} hint={t`Members' messages in your chat carry a badge.`} />
      </form>
    </Modal>
  );
}

import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { bodyMaxLength, pushAudiences, sendInput, sitePath, titleMaxLength, type OverviewAnswer } from '@server/domains/push/push.schemas';
import { Button } from '@web/components/button';
import { TextField } from '@web/components/text-field';
import { TextAreaField } from '@web/components/textarea-field';
import { cx } from '@web/components/cx';
import { formatNumber } from '@web/lib/i18n/format';
import { trpc } from '@web/lib/trpc';
import { NotificationPreview } from './notification-preview';
import { failureFields } from '@web/components/error-message';
import { FormError } from '@web/components/form-error';
import { validationText } from '@web/lib/i18n/validation-texts';

const formSchema = sendInput.pick({ title: true, body: true }).extend({ url: sitePath, audience: z.enum(pushAudiences) });
type ComposeValues = z.infer<typeof formSchema>;

const customLink = '__custom__';
/** The server's own page links (push.service.ts `composeOverview`) in the reader's language; events and episodes are named by their data. */
const pageLinkLabels: Readonly<Partial<Record<string, MessageDescriptor>>> = {
  'Event page (latest event)': msg`Event page (latest event)`,
  'My app': msg`My app`,
};

const groupLabels = { page: msg`Pages`, event: msg`Events`, episode: msg`Episodes` } as const;

function Counter({ value, max }: { value: string; max: number }) {
  return (
    <span className={cx('text-xs tabular-nums', value.length > max ? 'text-red-600' : 'text-slate-500')}>
      {value.length}/{max}
    </span>
  );
}

/** Title, message, link and audience, with a live preview; Send queues it for every subscriber of the audience. */
export function ComposeForm({ overview, onSent }: { overview: OverviewAnswer; onSent(): void }) {
  const { t } = useLingui();
  const subscriberCount = formatNumber(overview.subscriberCount);
  const memberSubscriberCount = formatNumber(overview.memberSubscriberCount);
  const linkId = useId();
  const audienceId = useId();
  const defaultUrl = overview.defaultUrl ?? '/';
  const [linkChoice, setLinkChoice] = useState(defaultUrl);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ComposeValues>({ resolver: zodResolver(formSchema), mode: 'onTouched', defaultValues: { title: '', body: '', url: defaultUrl, audience: 'all' } });
  const [title = '', body = '', url = '', audience = 'all'] = useWatch({ control, name: ['title', 'body', 'url', 'audience'] });
  const recipients = audience === 'members' ? overview.memberSubscriberCount : overview.subscriberCount;
  const send = trpc.push.send.useMutation();
  const groups = (['page', 'event', 'episode'] as const)
    .map((group) => ({ group, links: overview.links.filter((link) => link.group === group) }))
    .filter(({ links }) => links.length > 0);

  // A refusal no field shows (the plan, the rate limit, the server down): shown in the form.
  const [failure, setFailure] = useState<unknown>(null);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await send.mutateAsync({ ...values, creatorId: overview.creatorId });
      toast.success(plural(answer.recipients, { one: 'Sending to # subscriber', other: 'Sending to # subscribers' }));
      reset({ title: '', body: '', url: defaultUrl, audience: 'all' });
      setLinkChoice(defaultUrl);
      onSent();
    } catch (error) {
      const fieldErrors = failureFields(error);
      let mapped = false;
      for (const field of ['title', 'body', 'url', 'audience'] as const) {
        if (fieldErrors[field]) {
          setError(field, { type: 'server', message: fieldErrors[field] });
          mapped = true;
        }
      }
      if (!mapped) setFailure(error);
    }
  });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
      <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-label={t`New notification`}>
        <h2 className="text-lg font-semibold text-slate-900">
          <Trans>New notification</Trans>
        </h2>
        <FormError error={failure} />
        <TextField label={t`Title`} maxLength={titleMaxLength + 20} error={validationText(errors.title?.message)} hint={<Counter value={title} max={titleMaxLength} />} {...register('title')} />
        <div className="space-y-1">
          <TextAreaField label={t`Message`} rows={3} error={validationText(errors.body?.message)} {...register('body')} />
          {!errors.body && <Counter value={body} max={bodyMaxLength} />}
        </div>
        <div className="space-y-1">
          <label htmlFor={linkId} className="block text-sm font-medium text-slate-700">
            <Trans>Opens</Trans>
          </label>
          <select
            id={linkId}
            value={linkChoice}
            onChange={(event) => {
              setLinkChoice(event.target.value);
              setValue('url', event.target.value === customLink ? '' : event.target.value, { shouldValidate: true });
            }}
            className="block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
          >
            {groups.map(({ group, links }) => (
              <optgroup key={group} label={t(groupLabels[group])}>
                {links.map((link) => (
                  <option key={link.url} value={link.url}>
                    {pageLinkLabels[link.label] ? t(pageLinkLabels[link.label]!) : link.label}
                  </option>
                ))}
              </optgroup>
            ))}
            <option value={customLink}>{t`Another page on this site…`}</option>
          </select>
        </div>
        {linkChoice === customLink && <TextField label={t`Page path`} placeholder={t`/events/your-tag`} error={validationText(errors.url?.message)} {...register('url')} />}
        {linkChoice !== customLink && errors.url && (
          <p role="alert" className="text-xs text-red-600">
            {validationText(errors.url.message)}
          </p>
        )}
        <fieldset aria-describedby={errors.audience ? `${audienceId}-error` : undefined}>
          <legend className="block text-sm font-medium text-slate-700">
            <Trans>Send to</Trans>
          </legend>
          <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input type="radio" value="all" className="size-4 accent-brand-600" {...register('audience')} />
              <Trans>All subscribers ({subscriberCount})</Trans>
            </label>
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input type="radio" value="members" className="size-4 accent-brand-600" {...register('audience')} />
              <Trans>Members only ({memberSubscriberCount})</Trans>
            </label>
          </div>
          {audience === 'members' && !errors.audience && (
            <p className="mt-1 text-xs text-slate-500" data-testid="members-reach">
              <Plural
                value={overview.memberSubscriberCount}
                one="Only your current members who turned on notifications while signed in get this one. It reaches # member subscriber now."
                other="Only your current members who turned on notifications while signed in get this one. It reaches # member subscribers now."
              />
            </p>
          )}
          {errors.audience && (
            <p id={`${audienceId}-error`} role="alert" className="mt-1 text-xs text-red-600">
              {validationText(errors.audience.message)}
            </p>
          )}
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" busy={isSubmitting} disabled={!overview.canSend}>
            <Send className="size-4" aria-hidden />
            <Plural value={recipients} one="Send to # subscriber" other="Send to # subscribers" />
          </Button>
          {!overview.canSend && (
            <span className="text-sm text-slate-600">
              <Trans>Sending needs an active subscription (see above).</Trans>
            </span>
          )}
        </div>
      </form>
      <aside className="space-y-3">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">
          <Trans>Preview</Trans>
        </h2>
        <NotificationPreview title={title} body={body} url={url} icon={overview.icon} siteName={overview.creatorName} />
      </aside>
    </div>
  );
}

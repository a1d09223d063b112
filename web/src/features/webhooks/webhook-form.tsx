import { useState, type FormEvent } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@web/components/button';
import { TextField } from '@web/components/text-field';
import { webhookEventTypes, type WebhookEventType } from '@server/domains/webhooks/webhooks.schemas';

export interface WebhookFormValues {
  url: string;
  description: string;
  events: WebhookEventType[];
}

/** What each event means, in the reader's language (the server's `webhookEventLabels` in English). */
const eventLabels: Record<WebhookEventType, MessageDescriptor> = {
  'event.created': msg`An event was created`,
  'event.updated': msg`An event was changed`,
  'event.live': msg`An event became active`,
  'episode.published': msg`A podcast episode was published`,
  'tip.received': msg`You received a tip`,
  'payment.succeeded': msg`A payment succeeded`,
  'subscription.updated': msg`Your subscription changed`,
  'stream.started': msg`You went live from OBS (a live session started)`,
  'stream.ended': msg`Your live session ended`,
  'membership.created': msg`A fan became a member (first month paid)`,
  'membership.renewed': msg`A membership was renewed (another month paid)`,
  'membership.lapsed': msg`A membership ended because its renewal could not be paid`,
  'membership.cancelled': msg`A member canceled (access lasts until the end of the paid month)`,
};

/** The URL, description and events of a webhook (creating and editing). */
export function WebhookForm({
  initial,
  submitLabel,
  busy,
  onSubmit,
}: {
  initial: WebhookFormValues;
  submitLabel: string;
  busy: boolean;
  onSubmit: (values: WebhookFormValues) => Promise<boolean>;
}) {
  const { t } = useLingui();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const toggle = (event: WebhookEventType) =>
    setValues((current) => ({ ...current, events: current.events.includes(event) ? current.events.filter((item) => item !== event) : [...current.events, event] }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!/^https?:\/\/\S+$/i.test(values.url.trim())) problems.url = t`Please enter a valid http(s) URL`;
    if (!values.events.length) problems.events = t`Please choose at least one event`;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    if (await onSubmit({ ...values, url: values.url.trim(), description: values.description.trim() })) setValues(initial);
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      <TextField
        label={t`Endpoint URL`}
        type="url"
        inputMode="url"
        value={values.url}
        onChange={(event) => setValues({ ...values, url: event.target.value })}
        placeholder="https://example.com/hooks/cuepoint"
        error={errors.url}
      />
      <TextField label={t`Description (optional)`} value={values.description} maxLength={200} onChange={(event) => setValues({ ...values, description: event.target.value })} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">
          <Trans>Events</Trans>
        </legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {webhookEventTypes.map((type) => (
            <label key={type} className="flex items-start gap-2 rounded-md border border-slate-200 p-2 text-sm hover:bg-slate-50">
              <input type="checkbox" className="mt-0.5 accent-brand-600" checked={values.events.includes(type)} onChange={() => toggle(type)} />
              <span>
                <code className="font-mono text-xs font-semibold text-slate-900">{type}</code>
                <span className="block text-xs text-slate-600">{t(eventLabels[type])}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.events && (
          <p role="alert" className="mt-1 text-xs text-red-600">
            {errors.events}
          </p>
        )}
      </fieldset>
      <Button type="submit" busy={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

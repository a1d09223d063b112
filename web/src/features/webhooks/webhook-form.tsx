import { useState, type FormEvent } from 'react';
import { Button } from '@web/components/button';
import { TextField } from '@web/components/text-field';
import { webhookEventLabels, webhookEventTypes, type WebhookEventType } from '@server/domains/webhooks/webhooks.schemas';

export interface WebhookFormValues {
  url: string;
  description: string;
  events: WebhookEventType[];
}

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
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const toggle = (event: WebhookEventType) =>
    setValues((current) => ({ ...current, events: current.events.includes(event) ? current.events.filter((item) => item !== event) : [...current.events, event] }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!/^https?:\/\/\S+$/i.test(values.url.trim())) problems.url = 'Please enter a valid http(s) URL';
    if (!values.events.length) problems.events = 'Please choose at least one event';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    if (await onSubmit({ ...values, url: values.url.trim(), description: values.description.trim() })) setValues(initial);
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      <TextField
        label="Endpoint URL"
        type="url"
        inputMode="url"
        value={values.url}
        onChange={(event) => setValues({ ...values, url: event.target.value })}
        placeholder="https://example.com/hooks/cuepoint"
        error={errors.url}
      />
      <TextField label="Description (optional)" value={values.description} maxLength={200} onChange={(event) => setValues({ ...values, description: event.target.value })} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Events</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {webhookEventTypes.map((type) => (
            <label key={type} className="flex items-start gap-2 rounded-md border border-slate-200 p-2 text-sm hover:bg-slate-50">
              <input type="checkbox" className="mt-0.5 accent-brand-600" checked={values.events.includes(type)} onChange={() => toggle(type)} />
              <span>
                <code className="font-mono text-xs font-semibold text-slate-900">{type}</code>
                <span className="block text-xs text-slate-600">{webhookEventLabels[type]}</span>
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

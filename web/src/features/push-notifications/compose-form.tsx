import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import { bodyMaxLength, sendInput, sitePath, titleMaxLength, type OverviewAnswer } from '@server/domains/push/push.schemas';
import { Button } from '@web/components/button';
import { TextField } from '@web/components/text-field';
import { TextAreaField } from '@web/components/textarea-field';
import { cx } from '@web/components/cx';
import { trpc } from '@web/lib/trpc';
import { NotificationPreview } from './notification-preview';
import { failureMessage } from '@web/components/error-message';

const formSchema = sendInput.pick({ title: true, body: true }).extend({ url: sitePath });
type ComposeValues = z.infer<typeof formSchema>;

const customLink = '__custom__';
const groupLabels = { page: 'Pages', event: 'Events', episode: 'Episodes' } as const;

function Counter({ value, max }: { value: string; max: number }) {
  return (
    <span className={cx('text-xs tabular-nums', value.length > max ? 'text-red-600' : 'text-slate-500')}>
      {value.length}/{max}
    </span>
  );
}

/** Title, message and link, with a live preview; Send queues it for every subscriber. */
export function ComposeForm({ overview, onSent }: { overview: OverviewAnswer; onSent(): void }) {
  const linkId = useId();
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
  } = useForm<ComposeValues>({ resolver: zodResolver(formSchema), mode: 'onTouched', defaultValues: { title: '', body: '', url: defaultUrl } });
  const [title = '', body = '', url = ''] = useWatch({ control, name: ['title', 'body', 'url'] });
  const send = trpc.push.send.useMutation();
  const groups = (['page', 'event', 'episode'] as const)
    .map((group) => ({ group, links: overview.links.filter((link) => link.group === group) }))
    .filter(({ links }) => links.length > 0);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await send.mutateAsync({ ...values, creatorId: overview.creatorId });
      toast.success(answer.recipients === 1 ? 'Sending to 1 subscriber' : `Sending to ${answer.recipients} subscribers`);
      reset({ title: '', body: '', url: defaultUrl });
      setLinkChoice(defaultUrl);
      onSent();
    } catch (error) {
      const fieldErrors = (error as { data?: { fieldErrors?: Record<string, string> | null } }).data?.fieldErrors ?? {};
      let mapped = false;
      for (const field of ['title', 'body', 'url'] as const) {
        if (fieldErrors[field]) {
          setError(field, { type: 'server', message: fieldErrors[field] });
          mapped = true;
        }
      }
      if (!mapped) toast.error(failureMessage(error));
    }
  });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
      <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-label="New notification">
        <h2 className="text-lg font-semibold text-slate-900">New notification</h2>
        <TextField label="Title" maxLength={titleMaxLength + 20} error={errors.title?.message} hint={<Counter value={title} max={titleMaxLength} />} {...register('title')} />
        <div className="space-y-1">
          <TextAreaField label="Message" rows={3} error={errors.body?.message} {...register('body')} />
          {!errors.body && <Counter value={body} max={bodyMaxLength} />}
        </div>
        <div className="space-y-1">
          <label htmlFor={linkId} className="block text-sm font-medium text-slate-700">
            Opens
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
              <optgroup key={group} label={groupLabels[group]}>
                {links.map((link) => (
                  <option key={link.url} value={link.url}>
                    {link.label}
                  </option>
                ))}
              </optgroup>
            ))}
            <option value={customLink}>Another page on this site…</option>
          </select>
        </div>
        {linkChoice === customLink && <TextField label="Page path" placeholder="/events/your-tag" error={errors.url?.message} {...register('url')} />}
        {linkChoice !== customLink && errors.url && (
          <p role="alert" className="text-xs text-red-600">
            {errors.url.message}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" busy={isSubmitting} disabled={!overview.canSend}>
            <Send className="size-4" aria-hidden />
            Send to {overview.subscriberCount === 1 ? '1 subscriber' : `${overview.subscriberCount} subscribers`}
          </Button>
          {!overview.canSend && <span className="text-sm text-slate-600">Sending needs an active subscription (see above).</span>}
        </div>
      </form>
      <aside className="space-y-3">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Preview</h2>
        <NotificationPreview title={title} body={body} url={url} icon={overview.icon} siteName={overview.creatorName} />
      </aside>
    </div>
  );
}

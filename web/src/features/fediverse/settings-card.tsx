import { useState, type FormEvent } from 'react';
import { Hash, X } from 'lucide-react';
import { toast } from 'sonner';
import { Trans, useLingui } from '@lingui/react/macro';
import { hashtag, type SettingsInput, type SettingsOutput } from '@server/domains/federation/federation.schemas';
import { Button } from '@web/components/button';
import { CopyButton } from '@web/components/copy-button';
import { failureMessage } from '@web/components/error-message';
import { Switch } from '@web/components/switch';
import { TextField } from '@web/components/text-field';
import { validationText } from '@web/lib/i18n/validation-texts';
import { trpc } from '@web/lib/trpc';

const maxHashtags = 10;

function useUpdateSettings() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  return trpc.federation.updateSettings.useMutation({
    onSuccess: (answer) => utils.federation.settings.setData(undefined, answer),
    onError: (error) => toast.error(failureMessage(error, t`The Fediverse settings could not be saved. Please try again.`)),
  });
}

/** The creator's handle, which their followers search for, with a copy button. */
export function HandleCard({ handle }: { handle: string }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="fediverse-handle-heading" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="fediverse-handle-heading" className="text-lg font-semibold text-slate-900">
        <Trans>Your handle</Trans>
      </h2>
      <p className="text-sm text-slate-600">
        <Trans>People on Mastodon and other Fediverse servers search for this to follow you. Your creator page has a Follow button too.</Trans>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 rounded-md bg-slate-100 px-2 py-1 text-base break-all text-slate-900" data-testid="fediverse-handle">
          {handle}
        </code>
        <CopyButton value={handle} label={t`Copy handle`} />
      </div>
    </section>
  );
}

function SettingSwitch({ id, label, help, checked, busy, onChange }: { id: string; label: string; help: string; checked: boolean; busy: boolean; onChange: (value: boolean) => void }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0 space-y-0.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        <p className="text-xs text-slate-600">{help}</p>
      </div>
      <Switch id={id} checked={checked} disabled={busy} onCheckedChange={onChange} />
    </div>
  );
}

/** "Publish to the Fediverse", "Approve followers" and the hashtags added to every post. */
export function SettingsCard({ settings }: { settings: SettingsOutput }) {
  const { t } = useLingui();
  const update = useUpdateSettings();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string>();

  const save = (input: SettingsInput, success: string) => update.mutate(input, { onSuccess: () => toast.success(success) });

  function addHashtag(event: FormEvent) {
    event.preventDefault();
    const parsed = hashtag.safeParse(draft);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? t`A hashtag is letters, digits and underscores`);
    const added = parsed.data;
    if (settings.hashtags.some((tag) => tag.toLowerCase() === added.toLowerCase())) return setError(t`#${added} is already there`);
    if (settings.hashtags.length >= maxHashtags) return setError(t`At most ${maxHashtags} hashtags`);
    setError(undefined);
    update.mutate(
      { hashtags: [...settings.hashtags, parsed.data] },
      {
        onSuccess: () => {
          setDraft('');
          toast.success(t`#${added} added`);
        },
      },
    );
  }

  return (
    <section aria-labelledby="fediverse-settings-heading" className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="fediverse-settings-heading" className="text-lg font-semibold text-slate-900">
        <Trans>Posting and followers</Trans>
      </h2>
      <SettingSwitch
        id="fediverse-publish"
        label={t`Publish to the Fediverse`}
        help={t`New public events, going live, new episodes and replays are posted to your followers. Premium and members-only items only as a teaser.`}
        checked={settings.publish}
        busy={update.isPending}
        onChange={(publish) => save({ publish }, publish ? t`Posting to the Fediverse is on` : t`Posting to the Fediverse is off`)}
      />
      <SettingSwitch
        id="fediverse-approve"
        label={t`Approve followers`}
        help={t`New followers wait until you approve them. Off: everyone who follows is accepted at once.`}
        checked={settings.approveFollowers}
        busy={update.isPending}
        onChange={(approveFollowers) => save({ approveFollowers }, approveFollowers ? t`New followers now wait for your approval` : t`New followers are now accepted at once`)}
      />
      <div className="space-y-3 border-t border-slate-100 pt-4">
        <div className="space-y-0.5">
          <h3 className="text-sm font-medium text-slate-900">
            <Trans>Hashtags</Trans>
          </h3>
          <p className="text-xs text-slate-600">
            <Trans>Added to every post, so people following a hashtag find you. Up to {maxHashtags}.</Trans>
          </p>
        </div>
        {settings.hashtags.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label={t`Hashtags`}>
            {settings.hashtags.map((tag) => (
              <li key={tag} className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-0.5 ps-2.5 pe-1 text-sm text-brand-800">
                <span className="break-all">#{tag}</span>
                <button
                  type="button"
                  className="rounded-full p-0.5 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-50"
                  aria-label={t`Remove #${tag}`}
                  disabled={update.isPending}
                  onClick={() => update.mutate({ hashtags: settings.hashtags.filter((other) => other !== tag) }, { onSuccess: () => toast.success(t`#${tag} removed`) })}
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">
            <Trans>No hashtags yet.</Trans>
          </p>
        )}
        <form onSubmit={addHashtag} noValidate className="flex flex-wrap items-start gap-2" aria-label={t`Add a hashtag`}>
          <TextField
            label={t`New hashtag`}
            className="min-w-0 flex-1 basis-48"
            placeholder="deephouse"
            autoCapitalize="none"
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              setError(undefined);
            }}
            error={validationText(error)}
          />
          <Button type="submit" variant="secondary" className="sm:mt-6" busy={update.isPending && !!draft}>
            <Hash className="size-4" aria-hidden /> <Trans>Add hashtag</Trans>
          </Button>
        </form>
      </div>
    </section>
  );
}

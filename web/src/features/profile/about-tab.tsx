import { useEffect, useState, type FormEvent } from 'react';
import { ExternalLink, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Profile } from '@server/domains/profile/profile.schemas';
import type { SessionUser } from '@server/domains/users/users.schemas';
import { Button } from '@web/components/button';
import { failureFields, failureMessage } from '@web/components/error-message';
import { FormError, unexpectedFailure } from '@web/components/form-error';
import { TextAreaField } from '@web/components/form-fields';
import { ImagePicker } from '@web/components/image-picker';
import { Switch } from '@web/components/switch';
import { TextField } from '@web/components/text-field';
import { useSession } from '@web/lib/session-store';
import { trpc } from '@web/lib/trpc';
import { toFormData, upload } from '@web/lib/upload';

/**
 * Display name, names and avatar, the email read-only; a creator (or admin) also has the description, stream source,
 * mail notices and the read-only creator tag. Staff and `user` accounts see their own names, email and photo only.
 */
export function AboutTab({ profile }: { profile: Profile }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const setUser = useSession((state) => state.setUser);
  const [form, setForm] = useState({ displayName: profile.displayName, firstName: profile.firstName, lastName: profile.lastName, description: profile.description, streamValue: profile.streamValue ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  // Refusals no field shows (the server down, a refused picture removal or notice change): in the card they concern.
  const [failure, setFailure] = useState<unknown>(null);
  const creator = profile.isCreator;
  useEffect(() => setForm({ displayName: profile.displayName, firstName: profile.firstName, lastName: profile.lastName, description: profile.description, streamValue: profile.streamValue ?? '' }), [profile]);

  const applied = (answer: { profile: Profile; user: SessionUser }) => {
    utils.profile.get.setData(undefined, answer.profile);
    setUser(answer.user);
  };
  const update = trpc.profile.update.useMutation({
    onSuccess: (answer) => {
      applied(answer);
      setErrors({});
      toast.success(t`Profile saved`);
    },
    onError: (error) => {
      const fields = failureFields(error);
      setErrors(fields);
      if (!Object.keys(fields).length) setFailure(error);
    },
  });
  const notices = trpc.profile.update.useMutation({
    onSuccess: (answer) => {
      applied(answer);
      toast.success(answer.profile.notifyNewPayments ? t`You will get a mail for each new tip, ticket or member` : t`No more mails about new tips and tickets`);
    },
  });
  const removeAvatar = trpc.profile.removeAvatar.useMutation({ onSuccess: applied });

  async function uploadAvatar(file: File | null) {
    setAvatar(file);
    setAvatarError(undefined);
    if (!file) return;
    setUploading(true);
    try {
      applied(await upload<{ profile: Profile; user: SessionUser }>('/api/profile/avatar', toFormData({ image: file })));
      setAvatar(null);
      toast.success(t`Profile picture updated`);
    } catch (error) {
      setAvatar(null);
      setAvatarError(failureFields(error).image ?? failureMessage(error, unexpectedFailure));
    } finally {
      setUploading(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const names = { displayName: form.displayName, firstName: form.firstName, lastName: form.lastName };
    update.mutate(creator ? { ...names, description: form.description, streamValue: form.streamValue.trim() || null } : names);
  }

  const bind = (key: keyof typeof form) => ({ value: form[key], onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }), error: errors[key] });

  const eventPagePath = profile.eventPagePath;
  return (
    <div className="space-y-4">
      <div className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <ImagePicker
          label={t`Profile picture`}
          file={avatar}
          currentUrl={profile.imageUrl}
          onChange={(file) => void uploadAvatar(file)}
          error={avatarError}
          hint={uploading ? t`Uploading…` : t`A jpg or png: cropped to its centre square and sized to at most 200×200 px for you`}
          accept="image/png,image/jpeg"
          round
          squarePhoto
        />
        {profile.imageUrl && (
          <Button size="sm" variant="ghost" className="mt-2" busy={removeAvatar.isPending} onClick={() => removeAvatar.mutate()}>
            <Trash2 className="size-4" aria-hidden /> <Trans>Remove picture</Trans>
          </Button>
        )}
        <FormError error={removeAvatar.error} className="mt-2" />
      </div>
      <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6" aria-label={t`About`}>
        <FormError error={failure} />
        <TextField label={t`Display name`} maxLength={80} {...bind('displayName')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t`First name`} maxLength={80} {...bind('firstName')} />
          <TextField label={t`Last name`} maxLength={80} {...bind('lastName')} />
        </div>
        {creator && <TextAreaField label={t`Description`} maxLength={2000} {...bind('description')} hint={t`Shown on your public event page.`} />}
        {creator && (
          <TextField
            label={t`Stream source`}
            type="url"
            inputMode="url"
            placeholder="https://…"
            {...bind('streamValue')}
            hint={t`An HLS (.m3u8), YouTube, Twitch or Vimeo URL your event page plays. While a premium event is scheduled and not over, the stream plays only on that event's page, for viewers with access.`}
          />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          {creator && <TextField label={t`Creator tag`} value={profile.creatorTag ?? '—'} readOnly disabled hint={t`Set at registration; it names your public pages.`} />}
          <TextField label={t`Email`} value={profile.email} readOnly disabled />
        </div>
        {profile.eventPagePath && (
          <a href={profile.eventPagePath} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
            <ExternalLink className="size-4" aria-hidden /> <Trans>Your public event page ({eventPagePath})</Trans>
          </a>
        )}
        <div className="flex justify-end">
          <Button type="submit" busy={update.isPending}>
            <Trans>Save profile</Trans>
          </Button>
        </div>
      </form>
      {creator && (
      <section className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby="mail-notices-title">
        <h2 id="mail-notices-title" className="text-base font-semibold text-slate-900">
          <Trans>Mail notices</Trans>
        </h2>
        <div className="mt-3 flex items-start justify-between gap-4">
          <div>
            <label htmlFor="notify-new-payments" className="text-sm font-medium text-slate-800">
              <Trans>Mail me about each new tip, ticket or member</Trans>
            </label>
            <p className="text-sm text-slate-500">
              <Trans>Viewers always get their receipt; this is only your own notice.</Trans>
            </p>
          </div>
          <Switch
            id="notify-new-payments"
            checked={notices.isPending && notices.variables?.notifyNewPayments !== undefined ? notices.variables.notifyNewPayments : profile.notifyNewPayments}
            disabled={notices.isPending}
            onCheckedChange={(checked) => notices.mutate({ notifyNewPayments: checked })}
          />
        </div>
        <FormError error={notices.error} className="mt-3" />
      </section>
      )}
    </div>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { ExternalLink, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { eventMessages } from '@server/domains/events/events.schemas';
import { profileMessages, type Profile } from '@server/domains/profile/profile.schemas';
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

const photoRule = 'A jpg or png: cropped to its centre square and sized to at most 200×200 px for you';

/**
 * Display name, names and avatar, the email read-only; a creator (or admin) also has the description, stream source,
 * mail notices and the read-only creator tag. Staff and `user` accounts see their own names, email and photo only.
 */
export function AboutTab({ profile }: { profile: Profile }) {
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
      toast.success(profileMessages.saved);
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
      toast.success(answer.profile.notifyNewPayments ? profileMessages.noticesOn : profileMessages.noticesOff);
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
      toast.success(profileMessages.avatarSaved);
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

  return (
    <div className="space-y-4">
      <div className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <ImagePicker label="Profile picture" file={avatar} currentUrl={profile.imageUrl} onChange={(file) => void uploadAvatar(file)} error={avatarError} hint={uploading ? 'Uploading…' : photoRule} accept="image/png,image/jpeg" round squarePhoto />
        {profile.imageUrl && (
          <Button size="sm" variant="ghost" className="mt-2" busy={removeAvatar.isPending} onClick={() => removeAvatar.mutate()}>
            <Trash2 className="size-4" aria-hidden /> Remove picture
          </Button>
        )}
        <FormError error={removeAvatar.error} className="mt-2" />
      </div>
      <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6" aria-label="About">
        <FormError error={failure} />
        <TextField label="Display name" maxLength={80} {...bind('displayName')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" maxLength={80} {...bind('firstName')} />
          <TextField label="Last name" maxLength={80} {...bind('lastName')} />
        </div>
        {creator && <TextAreaField label="Description" maxLength={2000} {...bind('description')} hint="Shown on your public event page." />}
        {creator && <TextField label="Stream source" type="url" inputMode="url" placeholder="https://…" {...bind('streamValue')} hint={`An HLS (.m3u8), YouTube, Twitch or Vimeo URL your event page plays. ${eventMessages.premiumStreamOnly}`} />}
        <div className="grid gap-4 sm:grid-cols-2">
          {creator && <TextField label="Creator tag" value={profile.creatorTag ?? '—'} readOnly disabled hint="Set at registration; it names your public pages." />}
          <TextField label="Email" value={profile.email} readOnly disabled />
        </div>
        {profile.eventPagePath && (
          <a href={profile.eventPagePath} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
            <ExternalLink className="size-4" aria-hidden /> Your public event page ({profile.eventPagePath})
          </a>
        )}
        <div className="flex justify-end">
          <Button type="submit" busy={update.isPending}>
            Save profile
          </Button>
        </div>
      </form>
      {creator && (
      <section className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby="mail-notices-title">
        <h2 id="mail-notices-title" className="text-base font-semibold text-slate-900">
          Mail notices
        </h2>
        <div className="mt-3 flex items-start justify-between gap-4">
          <div>
            <label htmlFor="notify-new-payments" className="text-sm font-medium text-slate-800">
              Mail me about each new tip, ticket or member
            </label>
            <p className="text-sm text-slate-500">Viewers always get their receipt; this is only your own notice.</p>
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

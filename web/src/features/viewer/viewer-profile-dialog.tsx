import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { Trans, useLingui } from '@lingui/react/macro';
import { viewerProfileInput, type SessionUser } from '@server/domains/users/users.schemas';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { Modal } from '@web/components/modal';
import { TextField } from '@web/components/text-field';
import { failureMessage } from '@web/components/error-message';
import { validationText } from '@web/lib/i18n/validation-texts';
import { fitSquarePhoto, toFormData, upload } from '@web/lib/upload';
import { useViewer } from '@web/lib/viewer-session';
import { viewerMessages } from './viewer-messages';

const profileForm = viewerProfileInput.pick({ firstName: true, lastName: true });
type ProfileForm = { firstName: string; lastName: string };

/** `POST /api/user/{id}` (multipart, as the viewer): names and, when chosen, a new picture. Keeps the answered viewer. */
async function saveViewerProfile(user: SessionUser, values: ProfileForm, picture: File | null): Promise<void> {
  const form = toFormData({ id: user.id, email: user.email, firstName: values.firstName, lastName: values.lastName, imageFile: picture });
  const answer = await upload<{ user: SessionUser }>(`/api/user/${encodeURIComponent(user.id)}`, form, { actingAs: 'viewer' });
  useViewer.getState().setUser(answer.user);
}

/** "My Profile" (platform.md §2): change picture, first name and last name; the email is shown disabled. */
export function ViewerProfileDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t, i18n } = useLingui();
  const user = useViewer((state) => state.user);
  const [picture, setPicture] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [fitting, setFitting] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileForm>({ resolver: zodResolver(profileForm), mode: 'onTouched' });

  useEffect(() => {
    if (open && user) {
      reset({ firstName: user.firstName, lastName: user.lastName });
      setPicture(null);
    }
  }, [open, user, reset]);

  useEffect(() => {
    if (!picture) return setPreview(null);
    const url = URL.createObjectURL(picture);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [picture]);

  /** The chosen picture, centre-cropped and sized to the photo rule in the browser (a phone photo works as it is). */
  async function choosePicture(file: File | null) {
    if (!file) return setPicture(null);
    setFitting(true);
    try {
      setPicture(await fitSquarePhoto(file));
    } finally {
      setFitting(false);
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    if (!user || fitting) return;
    try {
      await saveViewerProfile(user, values, picture);
      toast.success(t`Your profile has been saved`);
      onOpenChange(false);
    } catch (error) {
      setError('root', { type: 'server', message: failureMessage(error, i18n._(viewerMessages.unexpected)) });
    }
  });

  if (!user) return null;
  return (
    <Modal size="sm" open={open} onOpenChange={onOpenChange} title={t`My Profile`}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t`My Profile`}>
        <div className="flex items-center gap-4">
          <Avatar name={user.displayName} imageUrl={preview ?? user.imageUrl} className="size-16 text-xl" />
          <label className="cursor-pointer text-sm font-medium text-brand-700 hover:underline">
            <Trans>Change picture</Trans>
            <input
              type="file"
              accept="image/png,image/jpeg"
              className="sr-only"
              disabled={fitting}
              onChange={(event) => void choosePicture(event.target.files?.[0] ?? null)}
              aria-label={t`Change picture`}
            />
          </label>
          {picture && (
            <button type="button" className="text-sm text-slate-600 hover:underline" onClick={() => setPicture(null)}>
              <Trans>Keep current picture</Trans>
            </button>
          )}
        </div>
        <p className="text-xs text-slate-500">{fitting ? t`Preparing the picture…` : t`A jpg or png: cropped to its centre square and sized to at most 200×200 px for you.`}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t`First name`} autoComplete="given-name" error={validationText(errors.firstName?.message)} {...register('firstName')} />
          <TextField label={t`Last name`} autoComplete="family-name" error={validationText(errors.lastName?.message)} {...register('lastName')} />
        </div>
        <TextField label={t`Email`} type="email" value={user.email} disabled readOnly />
        {errors.root?.message && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {errors.root.message}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" busy={isSubmitting} disabled={fitting}>
            <Trans>Save</Trans>
          </Button>
        </div>
      </form>
    </Modal>
  );
}

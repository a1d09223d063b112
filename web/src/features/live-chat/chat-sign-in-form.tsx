import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { chatDisplayName, isHostName } from '@server/domains/chat/chat.schemas';
import { Button } from '@web/components/button';
import { TextField } from '@web/components/text-field';
import { fitSquarePhoto } from '@web/lib/upload';
import { checkChatPhoto } from './photo-check';
import { chatText, nameProblemText } from './chat-texts';

export interface ChatSignInValues {
  fullUserName: string;
  userPhoto: File | null;
}

/** Whose names the form refuses ("This name belongs to the host"): the event's creator, by display name or tag. */
export interface ChatHost {
  displayName: string;
  tag: string;
}

/**
 * The chat sign-in form (platform.md §3–§5): a full name ("Field cannot be empty!"; never the host's name) and an
 * optional square photo. Start Chat is enabled only when the name is valid and there is no photo error.
 */
const nameProblem = (message: string | undefined) => (message ? nameProblemText(message) : null);

export function ChatSignInForm({ initialName = '', host, onStart }: { initialName?: string; host?: ChatHost; onStart: (values: ChatSignInValues) => Promise<void> }) {
  const { t } = useLingui();
  const [fullUserName, setFullUserName] = useState(initialName);
  const edited = useRef(false);
  // The signed-in viewer's name may arrive after the form shows: fill it in then, unless something was typed.
  useEffect(() => {
    if (initialName && !edited.current) setFullUserName(initialName);
  }, [initialName]);
  const [touched, setTouched] = useState(false);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoPreview, setPhotoPreview] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [checkingPhoto, setCheckingPhoto] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const photoId = useId();

  const nameCheck = chatDisplayName.safeParse(fullUserName);
  const takenByHost = nameCheck.success && !!host && isHostName(fullUserName, host);
  const nameError = nameCheck.success ? (takenByHost ? chatText('hostName') : null) : nameProblem(nameCheck.error.issues[0]?.message);
  const canStart = nameCheck.success && !takenByHost && !photoError && !checkingPhoto && !busy;

  const clearPhoto = () => {
    setPhoto(null);
    setPhotoPreview((current) => {
      if (current) URL.revokeObjectURL(current);
      return null;
    });
    if (fileInput.current) fileInput.current.value = '';
  };

  const choosePhoto = async (list: FileList | null) => {
    // Read the files before clearing: clearing the input empties its (live) FileList.
    const files = list ? Array.from(list) : [];
    setPhotoError(null);
    clearPhoto();
    if (!files[0]) return;
    setCheckingPhoto(true);
    // Centre-cropped and sized to the photo rule first (a phone photo works); the check then sees what is uploaded.
    const file = files.length === 1 ? await fitSquarePhoto(files[0]) : files[0];
    const problem = files.length === 1 ? await checkChatPhoto(file) : chatText('photo');
    setCheckingPhoto(false);
    if (problem) {
      setPhotoError(problem);
      return;
    }
    setPhoto(file);
    setPhotoPreview(URL.createObjectURL(file));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!canStart) return;
    setBusy(true);
    setFailure(null);
    try {
      await onStart({ fullUserName, userPhoto: photo });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-3 p-4" aria-label={t`Chat sign-in`} noValidate>
      <TextField
        label={t`Full name`}
        name="fullUserName"
        autoComplete="name"
        value={fullUserName}
        maxLength={60}
        onChange={(event) => {
          edited.current = true;
          setFullUserName(event.target.value);
        }}
        onBlur={() => setTouched(true)}
        error={touched && nameError ? nameError : undefined}
      />
      <div className="space-y-1">
        <label htmlFor={photoId} className="block text-sm font-medium text-slate-700">
          <Trans>Profile photo (optional)</Trans>
        </label>
        <div className="flex items-center gap-3">
          {photoPreview ? (
            <img src={photoPreview} alt={t`Chosen profile photo`} className="size-12 rounded-full object-cover" />
          ) : (
            <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-400">
              <ImagePlus className="size-5" aria-hidden />
            </span>
          )}
          <input
            ref={fileInput}
            id={photoId}
            name="userPhoto"
            type="file"
            accept="image/jpeg,image/png"
            aria-invalid={!!photoError || undefined}
            aria-describedby={photoError ? `${photoId}-error` : undefined}
            onChange={(event) => void choosePhoto(event.currentTarget.files)}
            className="block w-full min-w-0 text-sm text-slate-600 file:me-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100"
          />
          {photo && (
            <Button variant="ghost" size="sm" onClick={clearPhoto} aria-label={t`Remove photo`}>
              <X className="size-4" aria-hidden />
            </Button>
          )}
        </div>
        {photoError && (
          <p id={`${photoId}-error`} role="alert" className="text-xs text-red-600">
            {photoError}
          </p>
        )}
      </div>
      {failure && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {failure}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={!canStart} busy={busy}>
        <Trans>Start Chat</Trans>
      </Button>
    </form>
  );
}

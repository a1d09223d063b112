import { useId, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { toast } from 'sonner';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  applePodcastCategories,
  commonPodcastLanguages,
  contactEmail as contactEmailSchema,
  defaultPodcastLanguage,
  podcastCategoryValues,
  podcastLanguage,
  type ItunesType,
  type PodcastTitle,
} from '@server/domains/podcasts/podcasts.schemas';
import { Button } from '@web/components/button';
import { SelectField, TextAreaField } from '@web/components/form-fields';
import { ImagePicker } from '@web/components/image-picker';
import { FormError } from '@web/components/form-error';
import { planRefusalMessage, PlanRequiredNotice } from '@web/components/plan-notice';
import { ProgressBar } from '@web/components/progress-bar';
import { Switch } from '@web/components/switch';
import { TextField } from '@web/components/text-field';
import { activeIntlLocale } from '@web/lib/i18n/format';
import { trpc } from '@web/lib/trpc';
import { useSession } from '@web/lib/session-store';
import { validationTexts } from '@web/lib/i18n/validation-texts';
import { ApiError, toFormData, upload } from '@web/lib/upload';

/** Apple's categories, each followed by its subcategories (stored as `Category > Subcategory`). */
const categoryOptions = applePodcastCategories.flatMap((category) => [
  { value: category.name, label: category.name },
  ...category.subcategories.map((sub) => ({ value: `${category.name} > ${sub}`, label: `${category.name} › ${sub}` })),
]);
const itunesTypeOptions: Array<{ value: ItunesType; label: MessageDescriptor }> = [
  { value: 'episodic', label: msg`Episodic: newest episode first` },
  { value: 'serial', label: msg`Serial: in order, from episode 1` },
];

/** A language code's name in the reader's language ("Französisch (Kanada)"); in English, and where Intl has none, the list's name. */
function languageName(code: string, englishName: string): string {
  const locale = activeIntlLocale();
  if (locale === 'en' || locale.startsWith('en-')) return englishName;
  try {
    return new Intl.DisplayNames([locale], { type: 'language', languageDisplay: 'standard' }).of(code) ?? englishName;
  } catch {
    return englishName;
  }
}
const otherLanguage = 'other';
/** The fields the dialog shows a message under; a refusal naming none of them is shown at the top. */
const shownFields = new Set(['name', 'description', 'category', 'language', 'itunesType', 'contactEmail', 'image']);
const isListedLanguage = (value: string) => commonPodcastLanguages.some((language) => language.value === value);

/** Creates a podcast title (POST /api/podcast/titles) or edits one (POST /api/podcast/titles/{id}), cover included. */
export function TitleFormDialog({ open, onOpenChange, title, onSaved }: { open: boolean; onOpenChange(open: boolean): void; title?: PodcastTitle; onSaved?(title: PodcastTitle): void }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [name, setName] = useState(title?.name ?? '');
  const [description, setDescription] = useState(title?.description ?? '');
  const [isVideo, setIsVideo] = useState(title?.isVideo ?? false);
  const [explicit, setExplicit] = useState(title?.explicit ?? false);
  const [membersOnly, setMembersOnly] = useState(title?.membersOnly ?? false);
  const membersOnlyId = useId();
  const [contactEmail, setContactEmail] = useState(title?.contactEmail ?? '');
  const [itunesType, setItunesType] = useState<ItunesType>(title?.itunesType ?? 'episodic');
  const [category, setCategory] = useState(title?.category ?? 'Music');
  const initialLanguage = title?.language ?? defaultPodcastLanguage;
  const [languageChoice, setLanguageChoice] = useState(isListedLanguage(initialLanguage) ? initialLanguage : otherLanguage);
  const [languageCode, setLanguageCode] = useState(isListedLanguage(initialLanguage) ? '' : initialLanguage);
  const [cover, setCover] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A refusal no field of the form shows: shown at the top of the dialog.
  const [failure, setFailure] = useState<unknown>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // "Features require a plan": the refusal a new title of this kind would meet (and the last refused save).
  const planAccess = trpc.billing.myPlanAccess.useQuery(undefined, { enabled: open && !title, retry: false, staleTime: 0 });
  const [planRefusal, setPlanRefusal] = useState<string | null>(null);
  const needsPlan = title ? null : (planRefusal ?? (isVideo ? planAccess.data?.refusals.videoTitle : planAccess.data?.refusals.audioTitle) ?? null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const language = languageChoice === otherLanguage ? languageCode : languageChoice;
    const checked = podcastLanguage.safeParse(language);
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.name = t`Min character length is 1`;
    if (!checked.success) problems.language = t`Please enter a language code such as "en" or "fr-CA"`;
    if (!contactEmailSchema.safeParse(contactEmail).success) problems.contactEmail = t`Please enter a valid email, or leave it empty to use your account email`;
    if (Object.keys(problems).length) return setErrors(problems);
    setErrors({});
    setFailure(null);
    setProgress(0);
    try {
      const saved = await upload<PodcastTitle>(
        title ? `/api/podcast/titles/${encodeURIComponent(title.id)}` : '/api/podcast/titles',
        toFormData({
          name,
          description,
          isVideo: String(isVideo),
          explicit: String(explicit),
          category: title && category === title.category ? undefined : category,
          language: checked.data,
          contactEmail: contactEmail.trim(),
          itunesType,
          membersOnly: String(membersOnly),
          image: cover,
        }),
        { token: useSession.getState().token, onProgress: setProgress },
      );
      await utils.podcasts.invalidate();
      toast.success(title ? t`Podcast saved` : t`Podcast created`);
      onOpenChange(false);
      onSaved?.(saved);
    } catch (error) {
      const fields = validationTexts(error instanceof ApiError ? error.fields : {});
      setErrors(fields);
      const planRefusal = planRefusalMessage(error);
      if (planRefusal) return setPlanRefusal(planRefusal);
      if (!Object.keys(fields).some((field) => shownFields.has(field))) setFailure(error);
    } finally {
      setProgress(null);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[95vh] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-2xl focus:outline-none" aria-describedby={undefined}>
          <Dialog.Title className="mb-4 text-lg font-semibold text-slate-900">{title ? t`Edit podcast` : t`New podcast`}</Dialog.Title>
          <form onSubmit={onSubmit} className="space-y-4" noValidate>
            {needsPlan && <PlanRequiredNotice message={needsPlan} />}
            <FormError error={failure} />
            <TextField label={t`Name`} value={name} onChange={(event) => setName(event.target.value)} error={errors.name} maxLength={120} required />
            <TextAreaField label={t`Description`} value={description} onChange={(event) => setDescription(event.target.value)} error={errors.description} maxLength={4000} />
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={isVideo}
                onChange={(event) => {
                  setIsVideo(event.target.checked);
                  setPlanRefusal(null);
                }}
                className="size-4 accent-brand-600"
              />
              <Trans>Video podcast</Trans>
            </label>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                label={t`Category`}
                value={category}
                onChange={(event) => setCategory(event.target.value)}
                error={errors.category} options={
                  podcastCategoryValues.includes(category) ? categoryOptions : [{ value: category, label: t`${category} (not an Apple Podcasts category)` }, ...categoryOptions]
                }
                hint={t`Apple Podcasts category`}
              />
              <SelectField
                label={t`Language`}
                value={languageChoice}
                onChange={(event) => setLanguageChoice(event.target.value)}
                error={languageChoice === otherLanguage ? undefined : errors.language}
                options={[
                  ...commonPodcastLanguages.map((language) => ({ value: language.value, label: `${languageName(language.value, language.label)} (${language.value})` })),
                  { value: otherLanguage, label: t`Other…` },
                ]}
              />
            </div>
            {languageChoice === otherLanguage && (
              <TextField
                label={t`Language code`}
                value={languageCode}
                onChange={(event) => setLanguageCode(event.target.value)}
                error={errors.language}
                maxLength={20}
                placeholder={t`e.g. gd or pt-PT`}
                hint={t`A BCP 47 code: a language, optionally with a region, like en or fr-CA`}
              />
            )}
            <SelectField
              label={t`Episode order`}
              value={itunesType}
              onChange={(event) => setItunesType(event.target.value as ItunesType)}
              error={errors.itunesType}
              options={itunesTypeOptions.map((option) => ({ value: option.value, label: t(option.label) }))}
              hint={t`Serial shows number every episode; podcast apps play them from the first.`}
            />
            <TextField
              label={t`Contact email`}
              type="email"
              value={contactEmail}
              onChange={(event) => setContactEmail(event.target.value)}
              error={errors.contactEmail}
              maxLength={254}
              autoComplete="email"
              hint={t`Public in the RSS feed: Apple Podcasts sends its verification here. Leave empty to use your account email.`}
            />
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" checked={explicit} onChange={(event) => setExplicit(event.target.checked)} className="size-4 accent-brand-600" />
              <Trans>Explicit content</Trans>
            </label>
            <div className="flex items-start justify-between gap-4 rounded-md border border-slate-200 p-3">
              <label htmlFor={membersOnlyId} className="text-sm">
                <span className="block font-medium text-slate-800">
                  <Trans>Members only</Trans>
                </span>
                <span className="block text-xs text-slate-500">
                  <Trans>The podcast leaves your public feed and listings. Members hear it through their private feed: include it in a tier under Members.</Trans>
                </span>
              </label>
              <Switch id={membersOnlyId} checked={membersOnly} onCheckedChange={setMembersOnly} />
            </div>
            <ImagePicker
              label={t`Cover image`}
              file={cover}
              currentUrl={title?.imageUrl}
              onChange={setCover}
              error={errors.image}
              accept="image/jpeg,image/png"
              hint={t`Podcast covers must be square, 1400–3000 px, JPEG or PNG, in RGB colour, at most 2 MB`}
            />
            {progress !== null && <ProgressBar value={progress} label={t`Uploading`} />}
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="secondary">
                  <Trans>Cancel</Trans>
                </Button>
              </Dialog.Close>
              <Button type="submit" busy={progress !== null}>
                {title ? t`Save` : t`Create`}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import { useId } from 'react';
import { Languages } from 'lucide-react';
import { Trans } from '@lingui/react/macro';
import { isLocale, localeNames, supportedLocales } from '@common/locales';
import { cx } from '@web/components/cx';
import { useLocale } from '@web/lib/i18n/locale-store';

/** Each language is named in itself and tagged with its own language, so screen readers pronounce it right. */
const choices = supportedLocales.map((locale) => ({ locale, name: localeNames[locale] }));

/** The language menu of the public pages: a labelled select; a choice applies at once, without a reload. */
export function LanguageMenu({ className }: { className?: string }) {
  const id = useId();
  const locale = useLocale((state) => state.locale);
  const chooseLocale = useLocale((state) => state.chooseLocale);
  return (
    <div className={cx('flex items-center gap-2', className)}>
      <Languages className="size-4 shrink-0" aria-hidden />
      <label htmlFor={id} className="sr-only">
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        value={locale}
        onChange={(event) => isLocale(event.target.value) && void chooseLocale(event.target.value)}
        className="rounded-md border border-slate-300 bg-white py-1 ps-2 pe-7 text-sm text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        {choices.map(({ locale: value, name }) => (
          <option key={value} value={value} lang={value}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}

import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { cx } from '@web/components/cx';
import { LanguageMenu } from '@web/features/language/public';
import { useSiteName } from '@web/lib/site-name';

/** Privacy policy and terms links, shared by the footer and the login page. */
export function LegalLinks({ className }: { className?: string }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Legal`} className={cx('flex gap-4', className)}>
      <Link href="/privacy-policy" className="hover:text-brand-600">
        <Trans>Privacy Policy</Trans>
      </Link>
      <Link href="/terms-and-conditions" className="hover:text-brand-600">
        <Trans>Terms and Conditions</Trans>
      </Link>
    </nav>
  );
}

export function Footer() {
  const siteName = useSiteName();
  return (
    <footer className="flex min-h-14 flex-wrap items-center justify-between gap-x-6 gap-y-2 border-t border-slate-200 bg-white px-6 py-2 text-sm text-slate-500">
      <span>© {new Date().getFullYear()} {siteName}</span>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <LegalLinks />
        <LanguageMenu />
      </div>
    </footer>
  );
}

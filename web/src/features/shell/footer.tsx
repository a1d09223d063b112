import { Link } from 'wouter';
import { cx } from '@web/components/cx';
import { useSiteName } from '@web/lib/site-name';

/** Privacy policy and terms links, shared by the footer and the login page. */
export function LegalLinks({ className }: { className?: string }) {
  return (
    <nav aria-label="Legal" className={cx('flex gap-4', className)}>
      <Link href="/privacy-policy" className="hover:text-brand-600">
        Privacy Policy
      </Link>
      <Link href="/terms-and-conditions" className="hover:text-brand-600">
        Terms and Conditions
      </Link>
    </nav>
  );
}

export function Footer() {
  const siteName = useSiteName();
  return (
    <footer className="flex h-14 items-center justify-between border-t border-slate-200 bg-white px-6 text-sm text-slate-500">
      <span>© {new Date().getFullYear()} {siteName}</span>
      <LegalLinks />
    </footer>
  );
}

import { Link } from 'wouter';

export function Footer() {
  return (
    <footer className="flex h-14 items-center justify-between border-t border-slate-200 bg-white px-6 text-sm text-slate-500">
      <span>© {new Date().getFullYear()} Cuepoint</span>
      <nav aria-label="Legal" className="flex gap-4">
        <Link href="/privacy-policy" className="hover:text-brand-600">
          Privacy Policy
        </Link>
        <Link href="/terms-and-conditions" className="hover:text-brand-600">
          Terms and Conditions
        </Link>
      </nav>
    </footer>
  );
}

import { lazy, Suspense, type ReactNode } from 'react';

// Below the page and not needed for its first screen: it loads after the page (keeping its icon out of the entry).
const LanguageMenu = lazy(() => import('@web/features/language/public').then(({ LanguageMenu }) => ({ default: LanguageMenu })));

/**
 * Public pages: no navbar, toolbar or footer (platform.md); only the language menu under the page (`languageMenu`
 * false for pages that carry it themselves or are embedded elsewhere).
 */
export function EmptyLayout({ children, languageMenu = true }: { children: ReactNode; languageMenu?: boolean }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <div className="flex-1">{children}</div>
      {languageMenu && (
        <div className="flex min-h-16 items-center justify-center px-4 py-4 text-sm text-slate-500" data-testid="page-language">
          <Suspense fallback={null}>
            <LanguageMenu />
          </Suspense>
        </div>
      )}
    </div>
  );
}

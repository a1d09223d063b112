import type { ReactNode } from 'react';
import { LanguageMenu } from '@web/features/language/public';

/**
 * Public pages: no navbar or toolbar; the language menu in a footer under the page (`languageMenu` false for pages
 * that carry it themselves or are embedded elsewhere).
 */
export function EmptyLayout({ children, languageMenu = true }: { children: ReactNode; languageMenu?: boolean }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <div className="flex-1">{children}</div>
      {languageMenu && (
        <footer className="flex justify-center px-4 py-4 text-sm text-slate-500">
          <LanguageMenu />
        </footer>
      )}
    </div>
  );
}

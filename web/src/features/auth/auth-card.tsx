import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Logo } from '@web/components/logo';
import { LanguageMenu } from '@web/features/language/public';

/** The frame of the sign-in pages: a brand panel with the tagline, a form card and the language menu under it. */
export function AuthCard({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className="flex min-h-screen flex-col lg:flex-row">
      <aside className="flex flex-col justify-between bg-gradient-to-br from-brand-500 to-brand-700 p-8 text-white lg:w-2/5 lg:p-12">
        <Logo className="[&_span:last-child]:text-white" />
        <div className="my-8 lg:my-0">
          <p className="text-3xl font-bold leading-tight lg:text-4xl">
            <Trans>Your content. Your world.</Trans>
          </p>
          <p className="mt-3 text-brand-50">
            <Trans>Podcasts, live-stream events, tips and your own app, in one place.</Trans>
          </p>
        </div>
        <p className="hidden text-sm text-brand-100 lg:block">Cuepoint</p>
      </aside>
      <main className="flex flex-1 items-center justify-center p-6">
        <div className={wide ? 'w-full max-w-lg' : 'w-full max-w-sm'}>
          <h1 className="mb-6 text-2xl font-bold text-slate-900">{title}</h1>
          {children}
          <LanguageMenu className="mt-8 text-slate-500" />
        </div>
      </main>
    </div>
  );
}

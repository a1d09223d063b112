import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { Logo } from '@web/components/logo';

export interface AuthFrameProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** Style 1 of the demo auth pages: one card centred on a tinted background. */
export function CenteredAuthFrame({ title, subtitle, children, footer }: AuthFrameProps) {
  const { t } = useLingui();
  return (
    <div className="flex min-h-screen items-center justify-center bg-gradient-to-b from-brand-50 to-slate-100 p-4 sm:p-8">
      <main className="w-full max-w-md rounded-2xl bg-white p-8 shadow-xl ring-1 ring-slate-200 sm:p-10">
        <Link href="/" className="mb-8 inline-block" aria-label={t`Cuepoint home`}>
          <Logo />
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {subtitle && <div className="mt-2 text-sm text-slate-600">{subtitle}</div>}
        <div className="mt-6">{children}</div>
        {footer && <div className="mt-6 border-t border-slate-100 pt-6 text-sm text-slate-600">{footer}</div>}
      </main>
    </div>
  );
}

/** Style 2: the form on the left, a dark brand panel on the right. */
export function SplitAuthFrame({ title, subtitle, children, footer }: AuthFrameProps) {
  const { t } = useLingui();
  return (
    <div className="flex min-h-screen flex-col-reverse bg-white md:flex-row">
      <main className="flex flex-1 items-center justify-center p-6 sm:p-12">
        <div className="w-full max-w-sm">
          <Link href="/" className="mb-10 inline-block" aria-label={t`Cuepoint home`}>
            <Logo />
          </Link>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{title}</h1>
          {subtitle && <div className="mt-2 text-sm text-slate-600">{subtitle}</div>}
          <div className="mt-8">{children}</div>
          {footer && <div className="mt-8 text-sm text-slate-600">{footer}</div>}
        </div>
      </main>
      <aside className="relative flex min-h-48 flex-col justify-center overflow-hidden bg-slate-900 p-10 text-white md:w-1/2 md:p-16">
        <div className="absolute -top-24 -end-24 size-96 rounded-full bg-brand-600/30 blur-3xl" aria-hidden />
        <div className="relative">
          <p className="text-4xl font-bold leading-tight">
            <Trans>
              Your content.
              <br />
              Your world.
            </Trans>
          </p>
          <p className="mt-4 max-w-md text-slate-300">
            <Trans>Podcasts, live-stream events, tips and your own app, in one place.</Trans>
          </p>
        </div>
      </aside>
    </div>
  );
}

export type AuthStyle = 1 | 2;

export function AuthFrame({ variant, ...props }: AuthFrameProps & { variant: AuthStyle }) {
  return variant === 1 ? <CenteredAuthFrame {...props} /> : <SplitAuthFrame {...props} />;
}

export const linkClasses = 'font-medium text-brand-600 underline-offset-4 hover:text-brand-700 hover:underline';

import { Trans, useLingui } from '@lingui/react/macro';
import { NotFoundLinks } from './missing-page-links';

function ErrorPage({ code, message, children }: { code: string; message: string; children?: React.ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-gray-50 px-6 text-center">
      <h1 className="text-8xl font-extrabold tracking-tight text-brand-600 sm:text-9xl">{code}</h1>
      <p className="max-w-md text-xl text-gray-700">{message}</p>
      {children}
      <NotFoundLinks />
    </main>
  );
}

export function Error404Page() {
  const { t } = useLingui();
  return <ErrorPage code="404" message={t`Sorry but we could not find the page you are looking for`} />;
}

export function Error500Page() {
  const { t } = useLingui();
  return (
    <ErrorPage code="500" message={t`Well, you broke the internet!`}>
      <p className="max-w-md text-gray-500">
        <Trans>Something went wrong on our side. Please try again in a moment.</Trans>
      </p>
    </ErrorPage>
  );
}

export function MaintenancePage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-gray-50 px-6 text-center">
      <h1 className="text-4xl font-extrabold text-gray-900">
        <Trans>Closed for scheduled maintenance!</Trans>
      </h1>
      <p className="max-w-md text-lg text-gray-600">
        <Trans>We're sorry for the inconvenience. Please check back later.</Trans>
      </p>
    </main>
  );
}

export function PrivacyPolicyPage() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-4xl font-extrabold text-gray-900">
        <Trans>Privacy Policy</Trans>
      </h1>
    </main>
  );
}

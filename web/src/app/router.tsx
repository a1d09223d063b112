import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { matchRoute, Route, useLocation, useRouter, useSearch } from 'wouter';
import { FullPageSpinner, Spinner } from '@web/components/spinner';
import { pageRoutes } from '@web/features/pages/routes';
import { TermsGate } from '@web/features/terms/terms-gate';
import { EmulationBanner } from '@web/features/users/emulation-banner';
import { checkoutProduct } from '@web/lib/checkout-storage';
import { selectRoles, useSession } from '@web/lib/session-store';
import { trpc } from '@web/lib/trpc';
import { decideAccess, notFoundPath, rootRedirect } from '@web/lib/navigation-rules';
import { EmptyLayout } from './layouts/empty-layout';
import type { PageRoute } from '@web/lib/route-types';
import { useLingui } from '@lingui/react';
import { i18n } from '@web/lib/i18n/i18n';
import { appRoutes } from './routes';

const AppLayout = lazy(() => import('./layouts/app-layout'));

/** Every route: this feature's first, then the pages feature's table. */
const allRoutes: PageRoute[] = [...appRoutes, ...pageRoutes];

function Redirecting({ to, replace = true }: { to: string; replace?: boolean }) {
  const [, navigate] = useLocation();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return <FullPageSpinner label="Redirecting" />;
}

/** Applies the route guard; renders nothing of the page until the decision is "allow". */
function Guarded({ route, location, children }: { route: PageRoute; location: string; children: ReactNode }) {
  const status = useSession((state) => state.status);
  const roles = useSession(selectRoles);
  const redirectUrl = useSession((state) => state.redirectUrl);
  const setRedirectUrl = useSession((state) => state.setRedirectUrl);
  const pendingPayment = useSession((state) => state.user?.pendingPayment === true);
  const decision =
    status === 'checking'
      ? null
      : decideAccess({ allowed: route.roles, userRoles: roles, location, redirectUrl, pendingPayment, checkoutProductId: pendingPayment ? checkoutProduct.get() : null });
  const [, navigate] = useLocation();
  const target = decision?.action === 'redirect' ? decision : null;
  useEffect(() => {
    if (!target) return;
    if (target.saveRedirect) setRedirectUrl(target.saveRedirect);
    else if (target.clearRedirect) setRedirectUrl(null);
    navigate(target.to, { replace: true });
  }, [target?.to, target?.saveRedirect, target?.clearRedirect]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!decision || decision.action === 'redirect') return <FullPageSpinner label="Loading" />;
  return <>{children}</>;
}

/** The terms dialog and the emulation banner: signed-in overlays. */
function SignedInOverlays() {
  const signedIn = useSession((state) => state.token !== null);
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <TermsGate />
      <EmulationBanner />
    </Suspense>
  );
}

function BuiltInNotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-2 p-6 text-center">
      <h1 className="text-5xl font-bold text-brand-600">404</h1>
      <p className="text-slate-600">Sorry, we could not find the page you are looking for.</p>
      <a href="/" className="font-medium text-brand-700 hover:underline">
        Go home
      </a>
    </main>
  );
}

const siteName = 'Cuepoint';

/** "Calendar · Cuepoint" on the calendar, "Cuepoint" where a page has no title. */
export function documentTitle(route: PageRoute | undefined): string {
  const title = typeof route?.title === 'object' ? i18n._(route.title) : route?.title;
  return title ? `${title} · ${siteName}` : siteName;
}

export function AppRouter() {
  const [path] = useLocation();
  const search = useSearch();
  const { parser } = useRouter();
  const query = search ? `?${search}` : '';
  const route = allRoutes.find((candidate) => matchRoute(parser, candidate.path, path)[0]);
  // Read again when the language changes.
  useLingui();
  const title = documentTitle(route);
  useEffect(() => {
    document.title = title;
  }, [title]);
  const utils = trpc.useUtils();
  useEffect(() => {
    if (!route?.prefetch) return;
    const [, params] = matchRoute(parser, route.path, path);
    route.prefetch(utils, (params ?? {}) as Record<string, string | undefined>);
  }, [route, parser, path, utils]);

  let content: ReactNode;
  const root = rootRedirect(path);
  if (root) {
    content = <Redirecting to={root} />;
  } else if (path.length > 1 && path.endsWith('/')) {
    content = <Redirecting to={`${path.replace(/\/+$/, '')}${query}`} />;
  } else {
    if (!route) {
      content = path === notFoundPath ? <BuiltInNotFound /> : <Redirecting to={notFoundPath} />;
    } else {
      const page = (
        <Suspense fallback={<Spinner label="Loading page" className="py-20" />}>
          <Route path={route.path} component={route.component} />
        </Suspense>
      );
      content = (
        <Guarded route={route} location={`${path}${query}`}>
          {route.layout === 'empty' || route.layout === 'bare' ? (
            <EmptyLayout languageMenu={route.layout === 'empty'}>{page}</EmptyLayout>
          ) : (
            <Suspense fallback={<FullPageSpinner label="Loading" />}>
              <AppLayout>{page}</AppLayout>
            </Suspense>
          )}
        </Guarded>
      );
    }
  }
  return (
    <>
      {content}
      <SignedInOverlays />
    </>
  );
}

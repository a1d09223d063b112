/** Pure route-guard decisions (platform.md §2 "Route guard", §6). */

export const loginPath = '/login';
export const logoutPath = '/logout';
export const homePath = '/';
export const calendarPath = '/apps/calendar';
export const notFoundPath = '/pages/errors/error-404';

/** Roles of the dj-level routes: the spec lets admins in too. */
export const djRoles = ['admin', 'dj'] as const;
export const adminRoles = ['admin'] as const;
/** `[]` (or null) on a route means guests only; `undefined` means anyone. */
export const guestsOnly: string[] = [];

export type GuardDecision = { action: 'allow' } | { action: 'redirect'; to: string; saveRedirect?: string; clearRedirect?: boolean };

export interface GuardInput {
  /** The route's allowed roles: undefined = public, null or [] = guests only. */
  allowed: readonly string[] | null | undefined;
  userRoles: readonly string[];
  /** The current path with its query string, e.g. `/apps/users?x=1`. */
  location: string;
  /** The saved redirect URL, if any. */
  redirectUrl: string | null;
  /** A creator registered through checkout who has not paid yet (session user's `pendingPayment`). */
  pendingPayment?: boolean;
  /** The product picked at checkout, for the payment step (default LIVE_STREAM). */
  checkoutProductId?: string | null;
}

/** The product a pending-payment creator pays for when the page did not remember one. */
export const defaultCheckoutProductId = 'LIVE_STREAM';

/**
 * Pages a creator registered through checkout may open before paying: the payment and reactivation
 * screens, signing out, their own password, and the public legal pages. The server enforces the same.
 */
const pendingPaymentPaths = [/^\/checkout\/[^/]+\/payment$/, /^\/reactivate\//, /^\/payment-success\//, /^\/reactivation-success\//, /^\/logout$/, /^\/apps\/users\/[^/]+\/change-password$/, /^\/privacy-policy$/, /^\/terms-and-conditions$/];

export function paymentStepPath(productId: string | null | undefined): string {
  return `/checkout/${encodeURIComponent(productId || defaultCheckoutProductId)}/payment`;
}

/** Where a signed-in user goes when home itself (the calendar) refuses them, e.g. staff: a page every account may open. */
export const signedInFallbackPath = '/pages/profile';

function savedOrHome(redirectUrl: string | null, location: string): string {
  // `/` leads to the calendar: a user refused there would bounce between the two forever.
  const home = location.split('?')[0] === calendarPath ? signedInFallbackPath : homePath;
  if (!redirectUrl) return home;
  const path = redirectUrl.split('?')[0];
  // Never bounce back to where we are (that would loop) or to the login page.
  if (redirectUrl === location || path === loginPath) return home;
  return redirectUrl;
}

export function decideAccess({ allowed, userRoles, location, redirectUrl, pendingPayment, checkoutProductId }: GuardInput): GuardDecision {
  const signedIn = userRoles.length > 0;
  const path = location.split('?')[0] ?? '';
  if (signedIn && pendingPayment && !pendingPaymentPaths.some((pattern) => pattern.test(path))) {
    return { action: 'redirect', to: paymentStepPath(checkoutProductId) };
  }
  if (allowed === undefined) return { action: 'allow' };
  const guestRoute = allowed === null || allowed.length === 0;
  if (guestRoute) {
    if (!signedIn) return { action: 'allow' };
    return { action: 'redirect', to: savedOrHome(redirectUrl, location), clearRedirect: true };
  }
  if (!signedIn) {
    // Signing out lands here too: never come back to /logout after the next login.
    if (path === logoutPath) return { action: 'redirect', to: loginPath, clearRedirect: true };
    return { action: 'redirect', to: loginPath, saveRedirect: location };
  }
  if (allowed.some((role) => userRoles.includes(role))) return { action: 'allow' };
  return { action: 'redirect', to: savedOrHome(redirectUrl, location), clearRedirect: true };
}

/** `/` always goes to the calendar; other paths are left alone. */
export function rootRedirect(path: string): string | null {
  return path === homePath || path === '' ? calendarPath : null;
}

/**
 * Where a successful login goes. From the checkout flow (a product id): LIVE_STREAM → `/`,
 * any other product → its payment page (replacing the route). Otherwise the saved redirect URL or `/`.
 */
export function afterLoginTarget(input: { productId: string | null | undefined; redirectUrl: string | null }): { to: string; replace: boolean } {
  if (input.productId) {
    if (input.productId === 'LIVE_STREAM') return { to: homePath, replace: true };
    return { to: `/checkout/${encodeURIComponent(input.productId)}/payment`, replace: true };
  }
  const saved = input.redirectUrl && input.redirectUrl.split('?')[0] !== loginPath ? input.redirectUrl : homePath;
  return { to: saved, replace: true };
}

/** The change-password page acts on the signed-in user only: another user's id in its path leads to the caller's own. */
export function changePasswordRedirect(pathUserId: string | undefined, signedInUserId: string | undefined): string | null {
  if (!signedInUserId || pathUserId === signedInUserId) return null;
  return `/apps/users/${encodeURIComponent(signedInUserId)}/change-password`;
}

import { lazy, type ComponentType } from 'react';
import { adminRoles, djRoles, guestsOnly } from './guard';
import type { PageRoute } from './route-types';

const signedInRoles = ['admin', 'dj', 'staff', 'user'];

// Public pages (own chunks, apart from the admin app).
const LoginPage = lazy(() => import('@web/features/auth/login-page'));
const RegisterPage = lazy(() => import('@web/features/auth/register-page'));
const CallbackPage = lazy(() => import('@web/features/auth/callback-page'));
const LogoutPage = lazy(() => import('@web/features/auth/logout-page'));
const CheckEmailPage = lazy(() => import('@web/features/auth/check-email-page'));
const ProductPage = lazy(() => import('@web/features/checkout/product-page'));

// The admin app.
const UsersPage = lazy(() => import('@web/features/users/users-page'));
const ChangePasswordPage = lazy(() => import('@web/features/account/change-password-page'));
const CheckoutPendingPage = lazy(() => import('@web/features/checkout/checkout-pending-page'));
const TermsAdminPage = lazy(() => import('@web/features/terms/terms-admin-page').then(({ TermsAdminPage }) => ({ default: TermsAdminPage })));

function upcoming(title: string, description: string): ComponentType {
  return lazy(() =>
    import('@web/features/upcoming/upcoming-page').then(({ UpcomingPage }) => ({
      default: function Upcoming() {
        return <UpcomingPage title={title} description={description} />;
      },
    })),
  );
}

const Calendar = upcoming('Calendar', 'Your events calendar will appear here once events can be managed on this server.');
const Settings = upcoming('Settings', 'Platform settings cannot be edited on this server yet.');
const Profile = upcoming('Profile', 'Profile details and subscriptions cannot be managed on this server yet.');
const Tips = upcoming('Tips', 'Tip options cannot be managed on this server yet.');
const Podcasts = upcoming('Podcasts', 'Podcast titles and episodes cannot be managed on this server yet.');
const PushNotifications = upcoming('Push Notifications', 'Push notifications cannot be sent from this server yet.');
const MobileApp = upcoming('My Mobile App', 'The mobile app cannot be configured on this server yet.');

/** This feature's routes (platform.md §2). Order matters: the first match wins. */
export const appRoutes: PageRoute[] = [
  { path: '/login', component: LoginPage, title: 'Sign In', roles: guestsOnly, layout: 'empty' },
  { path: '/register', component: RegisterPage, title: 'Create an Account', roles: guestsOnly, layout: 'empty' },
  { path: '/callback', component: CallbackPage, title: 'Signing In', roles: guestsOnly, layout: 'empty' },
  { path: '/logout', component: LogoutPage, title: 'Signing Out', roles: signedInRoles, layout: 'empty' },
  { path: '/product-page', component: ProductPage, title: 'Subscription Plans and Pricing', roles: guestsOnly, layout: 'empty' },
  { path: '/checkout/:productId/check-email', component: CheckEmailPage, title: 'Check Your Email', roles: guestsOnly, layout: 'empty' },

  { path: '/checkout/:productId/payment', component: CheckoutPendingPage, title: 'Payment', roles: [...djRoles] },
  { path: '/reactivate/:itemId', component: CheckoutPendingPage, title: 'Reactivate', roles: [...djRoles] },
  { path: '/payment-success/:paymentId', component: CheckoutPendingPage, title: 'Payment Successful', roles: [...djRoles] },
  { path: '/reactivation-success/:itemId', component: CheckoutPendingPage, title: 'Reactivation Successful', roles: [...djRoles] },

  { path: '/apps/calendar', component: Calendar, title: 'Calendar', roles: [...djRoles] },
  { path: '/apps/settings', component: Settings, title: 'Settings', roles: [...adminRoles] },
  { path: '/apps/settings/:settingId', component: Settings, title: 'Settings', roles: [...adminRoles] },
  { path: '/apps/users', component: UsersPage, title: 'Users', roles: [...adminRoles] },
  { path: '/apps/users/:userId/change-password', component: ChangePasswordPage, title: 'Change Password', roles: [...djRoles] },
  { path: '/apps/users/:userId/:userHandle?', component: UsersPage, title: 'Users', roles: [...adminRoles] },
  { path: '/profile/:userId/:tab?', component: Profile, title: 'Profile', roles: [...djRoles] },
  { path: '/manage-tips', component: Tips, title: 'Tips', roles: [...djRoles] },
  { path: '/apps/podcast-titles', component: Podcasts, title: 'Podcasts', roles: [...djRoles] },
  { path: '/apps/podcast-titles/:podcastTitleId', component: Podcasts, title: 'Podcasts', roles: [...djRoles] },
  { path: '/apps/podcast-titles/:podcastTitleId/podcast-episodes', component: Podcasts, title: 'Podcast Episodes', roles: [...djRoles] },
  { path: '/apps/podcast-titles/:podcastTitleId/podcast-episodes/:podcastEpisodeId', component: Podcasts, title: 'Podcast Episodes', roles: [...djRoles] },
  { path: '/apps/push-notifications', component: PushNotifications, title: 'Push Notifications', roles: [...djRoles] },
  { path: '/apps/mobile-app', component: MobileApp, title: 'My Mobile App', roles: [...djRoles] },
  { path: '/apps/mobile-app/:appId', component: MobileApp, title: 'My Mobile App', roles: [...djRoles] },
  { path: '/apps/terms-and-conditions', component: TermsAdminPage, title: 'Terms and Conditions', roles: [...adminRoles] },
];

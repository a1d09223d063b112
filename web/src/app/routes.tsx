import { lazy, type ComponentType } from 'react';
import { adminRoles, djRoles, guestsOnly } from './guard';
import { catalogRoutes } from '@web/features/demo/catalog-routes';
import type { PageRoute } from './route-types';
import { workspaceRoutes } from '@web/features/demo/workspace-routes';

const signedInRoles = ['admin', 'dj', 'staff', 'user'];

// Public pages (own chunks, apart from the admin app).
const LoginPage = lazy(() => import('@web/features/auth/login-page'));
const RegisterPage = lazy(() => import('@web/features/auth/register-page'));
const CallbackPage = lazy(() => import('@web/features/auth/callback-page'));
const LogoutPage = lazy(() => import('@web/features/auth/logout-page'));
const CheckEmailPage = lazy(() => import('@web/features/auth/check-email-page'));
const ProductPage = lazy(() => import('@web/features/checkout/product-page'));
const ChatsPage = lazy(() => import('@web/features/chat/chats-page'));
const EmbedChatPage = lazy(() => import('@web/features/chat/embed-chat-page'));

// The admin app.
const UsersPage = lazy(() => import('@web/features/users/users-page'));
const ChangePasswordPage = lazy(() => import('@web/features/account/change-password-page'));
const CheckoutPaymentPage = lazy(() => import('@web/features/checkout/checkout-payment-page'));
const PaymentSuccessPage = lazy(() => import('@web/features/checkout/payment-success-page'));
const ReactivatePage = lazy(() => import('@web/features/checkout/reactivate-page'));
const ReactivationSuccessPage = lazy(() => import('@web/features/checkout/reactivation-success-page'));
const ManageTipsPage = lazy(() => import('@web/features/tips/manage-tips-page'));
const EarningsPage = lazy(() => import('@web/features/earnings/earnings-page'));
const CalendarPage = lazy(() => import('@web/features/calendar/calendar-page'));
const EventPage = lazy(() => import('@web/features/events/event-page'));
const EmbedPlayerPage = lazy(() => import('@web/features/events/embed-player-page'));
const UserEditPage = lazy(() => import('@web/features/users/user-edit-page'));
const SettingsPage = lazy(() => import('@web/features/settings/settings-page'));
const ProfilePage = lazy(() => import('@web/features/profile/profile-page'));
const PodcastTitlesPage = lazy(() => import('@web/features/podcasts/podcast-titles-page'));
const PodcastTitlePage = lazy(() => import('@web/features/podcasts/podcast-title-page'));
const EpisodeEditorPage = lazy(() => import('@web/features/podcasts/episode-editor-page'));
const VideoPage = lazy(() => import('@web/features/video/video-page'));
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

const PushNotifications = upcoming('Push Notifications', 'Push notifications cannot be sent from this server yet.');
const MobileApp = upcoming('My Mobile App', 'The mobile app cannot be configured on this server yet.');

/** This feature's routes (platform.md §2). Order matters: the first match wins. */
export const appRoutes: PageRoute[] = [
  { path: '/login', component: LoginPage, roles: guestsOnly, layout: 'empty' },
  { path: '/register', component: RegisterPage, roles: guestsOnly, layout: 'empty' },
  { path: '/callback', component: CallbackPage, roles: guestsOnly, layout: 'empty' },
  { path: '/logout', component: LogoutPage, roles: signedInRoles, layout: 'empty' },
  { path: '/product-page', component: ProductPage, roles: guestsOnly, layout: 'empty' },
  { path: '/checkout/:productId/check-email', component: CheckEmailPage, roles: guestsOnly, layout: 'empty' },
  { path: '/events/:subdomain/:eventId?', component: EventPage, layout: 'empty' },
  { path: '/embed/:subdomain/:eventId/player', component: EmbedPlayerPage, layout: 'empty' },

  { path: '/chats/:subdomain/:eventId?', component: ChatsPage, layout: 'empty' },
  { path: '/embed/:subdomain/:eventId/chat', component: EmbedChatPage, layout: 'empty' },

  { path: '/checkout/:productId/payment', component: CheckoutPaymentPage, roles: [...djRoles] },
  { path: '/reactivate/:itemId', component: ReactivatePage, roles: [...djRoles] },
  { path: '/payment-success/:paymentId', component: PaymentSuccessPage, roles: [...djRoles] },
  { path: '/reactivation-success/:itemId', component: ReactivationSuccessPage, roles: [...djRoles] },

  { path: '/apps/calendar', component: CalendarPage, roles: [...djRoles] },
  { path: '/apps/settings', component: SettingsPage, roles: [...adminRoles] },
  { path: '/apps/settings/:settingId', component: SettingsPage, roles: [...adminRoles] },
  { path: '/apps/users', component: UsersPage, roles: [...adminRoles] },
  { path: '/apps/users/:userId/change-password', component: ChangePasswordPage, roles: [...djRoles] },
  { path: '/apps/users/:userId/:userHandle?', component: UserEditPage, roles: [...adminRoles] },
  { path: '/profile/:userId/:tab?', component: ProfilePage, roles: [...djRoles] },
  { path: '/manage-tips', component: ManageTipsPage, roles: [...djRoles] },
  { path: '/apps/earnings', component: EarningsPage, roles: [...djRoles] },
  { path: '/apps/podcast-titles', component: PodcastTitlesPage, roles: [...djRoles] },
  { path: '/apps/podcast-titles/:podcastTitleId', component: PodcastTitlePage, roles: [...djRoles] },
  { path: '/apps/podcast-titles/:podcastTitleId/podcast-episodes', component: PodcastTitlePage, roles: [...djRoles] },
  { path: '/apps/podcast-titles/:podcastTitleId/podcast-episodes/:podcastEpisodeId', component: EpisodeEditorPage, roles: [...djRoles] },
  { path: '/video/:videoId', component: VideoPage, layout: 'empty' },
  { path: '/apps/push-notifications', component: PushNotifications, roles: [...djRoles] },
  { path: '/apps/mobile-app', component: MobileApp, roles: [...djRoles] },
  { path: '/apps/mobile-app/:appId', component: MobileApp, roles: [...djRoles] },
  { path: '/apps/terms-and-conditions', component: TermsAdminPage, roles: [...adminRoles] },
  ...catalogRoutes,
  ...workspaceRoutes,
];

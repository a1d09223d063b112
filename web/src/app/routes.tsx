import { lazy } from 'react';
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
const PushNotificationsPage = lazy(() => import('@web/features/push-notifications/push-notifications-page'));
const MobileAppPage = lazy(() => import('@web/features/mobile-app/mobile-app-page'));
const MobileAppSettingsPage = lazy(() => import('@web/features/mobile-app/mobile-app-settings-page'));
const CalendarPage = lazy(() => import('@web/features/calendar/calendar-page'));
const GoLivePage = lazy(() => import('@web/features/live/go-live-page'));
const EventPage = lazy(() => import('@web/features/events/event-page'));
const EmbedPlayerPage = lazy(() => import('@web/features/events/embed-player-page'));
const UserEditPage = lazy(() => import('@web/features/users/user-edit-page'));
const SettingsPage = lazy(() => import('@web/features/settings/settings-page'));
const MigrateDbPage = lazy(() => import('@web/features/database/migrate-db-page'));
const ProfilePage = lazy(() => import('@web/features/profile/profile-page'));
const PodcastTitlesPage = lazy(() => import('@web/features/podcasts/podcast-titles-page'));
const PodcastTitlePage = lazy(() => import('@web/features/podcasts/podcast-title-page'));
const EpisodeEditorPage = lazy(() => import('@web/features/podcasts/episode-editor-page'));
const VideoPage = lazy(() => import('@web/features/video/video-page'));
const ApiTokensPage = lazy(() => import('@web/features/developer/api-tokens-page'));
const WebhooksPage = lazy(() => import('@web/features/webhooks/webhooks-page'));
const ApiDocsPage = lazy(() => import('@web/features/api-docs/api-docs-page'));
const TermsAdminPage = lazy(() => import('@web/features/terms/terms-admin-page').then(({ TermsAdminPage }) => ({ default: TermsAdminPage })));

/** This feature's routes (platform.md §2). Order matters: the first match wins. */
export const appRoutes: PageRoute[] = [
  { path: '/login', component: LoginPage, title: 'Sign In', roles: guestsOnly, layout: 'empty' },
  { path: '/register', component: RegisterPage, title: 'Create an Account', roles: guestsOnly, layout: 'empty' },
  { path: '/callback', component: CallbackPage, title: 'Signing In', roles: guestsOnly, layout: 'empty' },
  { path: '/logout', component: LogoutPage, title: 'Signing Out', roles: signedInRoles, layout: 'empty' },
  { path: '/product-page', component: ProductPage, title: 'Subscription Plans and Pricing', roles: guestsOnly, layout: 'empty' },
  { path: '/checkout/:productId/check-email', component: CheckEmailPage, title: 'Check Your Email', roles: guestsOnly, layout: 'empty' },
  { path: '/events/:subdomain/:eventId?', component: EventPage, title: 'Event', layout: 'empty' },
  { path: '/embed/:subdomain/:eventId/player', component: EmbedPlayerPage, title: 'Player', layout: 'empty' },

  { path: '/chats/:subdomain/:eventId?', component: ChatsPage, title: 'Chat', layout: 'empty' },
  { path: '/embed/:subdomain/:eventId/chat', component: EmbedChatPage, title: 'Chat', layout: 'empty' },

  { path: '/checkout/:productId/payment', component: CheckoutPaymentPage, title: 'Payment', roles: [...djRoles] },
  { path: '/reactivate/:itemId', component: ReactivatePage, title: 'Reactivate', roles: [...djRoles] },
  { path: '/payment-success/:paymentId', component: PaymentSuccessPage, title: 'Payment Successful', roles: [...djRoles] },
  { path: '/reactivation-success/:itemId', component: ReactivationSuccessPage, title: 'Reactivation Successful', roles: [...djRoles] },

  { path: '/apps/calendar', component: CalendarPage, title: 'Calendar', roles: [...djRoles] },
  { path: '/apps/live', component: GoLivePage, title: 'Go live', roles: [...djRoles] },
  { path: '/apps/settings', component: SettingsPage, title: 'Settings', roles: [...adminRoles] },
  { path: '/migrate-db', component: MigrateDbPage, title: 'Database', roles: [...adminRoles] },
  { path: '/apps/settings/:settingId', component: SettingsPage, title: 'Settings', roles: [...adminRoles] },
  { path: '/apps/users', component: UsersPage, title: 'Users', roles: [...adminRoles] },
  { path: '/apps/users/:userId/change-password', component: ChangePasswordPage, title: 'Change Password', roles: [...djRoles] },
  { path: '/apps/users/:userId/:userHandle?', component: UserEditPage, title: 'Edit User', roles: [...adminRoles] },
  { path: '/profile/:userId/:tab?', component: ProfilePage, title: 'Profile', roles: [...djRoles] },
  { path: '/manage-tips', component: ManageTipsPage, title: 'Tips', roles: [...djRoles] },
  { path: '/apps/earnings', component: EarningsPage, title: 'Earnings', roles: [...djRoles] },
  { path: '/apps/podcast-titles', component: PodcastTitlesPage, title: 'Podcasts', roles: [...djRoles] },
  { path: '/apps/podcast-titles/:podcastTitleId', component: PodcastTitlePage, title: 'Podcast', roles: [...djRoles] },
  { path: '/apps/podcast-titles/:podcastTitleId/podcast-episodes', component: PodcastTitlePage, title: 'Podcast Episodes', roles: [...djRoles] },
  { path: '/apps/podcast-titles/:podcastTitleId/podcast-episodes/:podcastEpisodeId', component: EpisodeEditorPage, title: 'Podcast Episode', roles: [...djRoles] },
  { path: '/video/:videoId', component: VideoPage, title: 'Video', layout: 'empty' },
  { path: '/apps/push-notifications', component: PushNotificationsPage, title: 'Push Notifications', roles: [...djRoles] },
  { path: '/apps/mobile-app', component: MobileAppPage, title: 'My Mobile App', roles: [...djRoles] },
  { path: '/apps/mobile-app/:appId', component: MobileAppSettingsPage, title: 'My Mobile App', roles: [...djRoles] },
  { path: '/apps/terms-and-conditions', component: TermsAdminPage, title: 'Terms and Conditions', roles: [...adminRoles] },
  { path: '/apps/developer/api-tokens', component: ApiTokensPage, title: 'API Tokens', roles: [...djRoles] },
  { path: '/apps/developer/webhooks', component: WebhooksPage, title: 'Webhooks', roles: [...djRoles] },
  { path: '/docs/api', component: ApiDocsPage, title: 'API Reference', layout: 'empty' },
  ...catalogRoutes,
  ...workspaceRoutes,
];

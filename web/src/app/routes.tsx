import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import { dashboardRoles } from '@common/roles';
import { adminRoles, djRoles, guestsOnly } from '@web/lib/navigation-rules';
import { catalogRoutes } from '@web/features/demo/catalog-routes';
import type { PageRoute } from '@web/lib/route-types';
import { appPagePaths } from '@common/page-paths';
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
const CreatorPage = lazy(() => import('@web/features/creator-page/creator-page'));
const MyMembershipsPage = lazy(() => import('@web/features/memberships/my-memberships-page'));
const PodcastPublicPage = lazy(() => import('@web/features/podcasts/podcast-public-page'));

// The admin app.
const UsersPage = lazy(() => import('@web/features/users/users-page'));
const ChangePasswordPage = lazy(() => import('@web/features/account/change-password-page'));
const CheckoutPaymentPage = lazy(() => import('@web/features/checkout/checkout-payment-page'));
const PaymentSuccessPage = lazy(() => import('@web/features/checkout/payment-success-page'));
const ReactivatePage = lazy(() => import('@web/features/checkout/reactivate-page'));
const ReactivationSuccessPage = lazy(() => import('@web/features/checkout/reactivation-success-page'));
const ManageTipsPage = lazy(() => import('@web/features/tips/manage-tips-page'));
const EarningsPage = lazy(() => import('@web/features/earnings/earnings-page'));
const MembersPage = lazy(() => import('@web/features/members/members-page'));
const AnalyticsPage = lazy(() => import('@web/features/analytics/analytics-page'));
const HowWeCountPage = lazy(() => import('@web/features/analytics/how-we-count-page'));
const FediversePage = lazy(() => import('@web/features/fediverse/fediverse-page'));
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

/** Starts loading a picture the page is about to show (the page's own <img> then takes it from the cache). */
function preloadImage(url: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = url;
  link.fetchPriority = 'high';
  document.head.append(link);
}

/** This feature's routes (platform.md §2). Order matters: the first match wins. */
export const appRoutes: PageRoute[] = [
  { path: appPagePaths.login, component: LoginPage, title: msg`Sign In`, roles: guestsOnly, layout: 'bare', prefetch: (utils) => void utils.billing.products.prefetch() },
  { path: appPagePaths.register, component: RegisterPage, title: msg`Create an Account`, roles: guestsOnly, layout: 'bare' },
  { path: appPagePaths.callback, component: CallbackPage, title: msg`Signing In`, roles: guestsOnly, layout: 'bare' },
  { path: appPagePaths.logout, component: LogoutPage, title: msg`Signing Out`, roles: signedInRoles, layout: 'bare' },
  { path: appPagePaths.productPage, component: ProductPage, title: msg`Subscription Plans and Pricing`, roles: guestsOnly, layout: 'empty' },
  { path: appPagePaths.checkEmail, component: CheckEmailPage, title: msg`Check Your Email`, roles: guestsOnly, layout: 'bare' },
  {
    path: appPagePaths.event,
    component: EventPage,
    title: msg`Event`,
    layout: 'empty',
    prefetch: (utils, { subdomain = '', eventId }) => void (eventId ? utils.events.publicById.prefetch({ id: eventId }) : utils.events.latest.prefetch({ subdomain })),
  },
  { path: appPagePaths.embedPlayer, component: EmbedPlayerPage, title: msg`Player`, layout: 'bare' },

  { path: appPagePaths.chats, component: ChatsPage, title: msg`Chat`, layout: 'bare' },
  { path: appPagePaths.embedChat, component: EmbedChatPage, title: msg`Chat`, layout: 'bare' },
  {
    path: appPagePaths.creatorPage,
    component: CreatorPage,
    title: msg`Creator`,
    layout: 'empty',
    prefetch: (utils, { tag = '' }) => void utils.publicPages.creatorPage.prefetch({ tag }),
  },
  { path: appPagePaths.podcastPage, component: PodcastPublicPage, title: msg`Podcast`, layout: 'empty' },
  // Viewers sign in on the viewer pages (their own token), not the dashboard: the page asks a guest to log in itself.
  { path: appPagePaths.myMemberships, component: MyMembershipsPage, title: msg`My memberships`, layout: 'empty' },

  { path: appPagePaths.checkoutPayment, component: CheckoutPaymentPage, title: msg`Payment`, roles: [...djRoles] },
  { path: appPagePaths.reactivate, component: ReactivatePage, title: msg`Reactivate`, roles: [...djRoles] },
  { path: appPagePaths.paymentSuccess, component: PaymentSuccessPage, title: msg`Payment Successful`, roles: [...djRoles] },
  { path: appPagePaths.reactivationSuccess, component: ReactivationSuccessPage, title: msg`Reactivation Successful`, roles: [...djRoles] },

  { path: appPagePaths.calendar, component: CalendarPage, title: msg`Calendar`, roles: [...djRoles] },
  { path: appPagePaths.goLive, component: GoLivePage, title: msg`Go live`, roles: [...djRoles] },
  { path: appPagePaths.settings, component: SettingsPage, title: msg`Settings`, roles: [...adminRoles] },
  { path: appPagePaths.migrateDb, component: MigrateDbPage, title: msg`Database`, roles: [...adminRoles] },
  { path: appPagePaths.setting, component: SettingsPage, title: msg`Settings`, roles: [...adminRoles] },
  { path: appPagePaths.users, component: UsersPage, title: msg`Users`, roles: [...adminRoles] },
  { path: appPagePaths.changePassword, component: ChangePasswordPage, title: msg`Change Password`, roles: [...dashboardRoles] },
  { path: appPagePaths.userEdit, component: UserEditPage, title: msg`Edit User`, roles: [...adminRoles] },
  { path: appPagePaths.profile, component: ProfilePage, title: msg`Profile`, roles: [...dashboardRoles] },
  { path: appPagePaths.manageTips, component: ManageTipsPage, title: msg`Tips`, roles: [...djRoles] },
  { path: appPagePaths.earnings, component: EarningsPage, title: msg`Earnings`, roles: [...djRoles] },
  { path: appPagePaths.members, component: MembersPage, title: msg`Members`, roles: [...djRoles] },
  { path: appPagePaths.analytics, component: AnalyticsPage, title: msg`Analytics`, roles: [...djRoles] },
  { path: appPagePaths.analyticsHowWeCount, component: HowWeCountPage, title: msg`How we count`, roles: [...djRoles] },
  { path: appPagePaths.fediverse, component: FediversePage, title: msg`Fediverse`, roles: [...djRoles] },
  { path: appPagePaths.podcastTitles, component: PodcastTitlesPage, title: msg`Podcasts`, roles: [...djRoles] },
  { path: appPagePaths.podcastTitle, component: PodcastTitlePage, title: msg`Podcast`, roles: [...djRoles] },
  { path: appPagePaths.podcastEpisodes, component: PodcastTitlePage, title: msg`Podcast Episodes`, roles: [...djRoles] },
  { path: appPagePaths.podcastEpisode, component: EpisodeEditorPage, title: msg`Podcast Episode`, roles: [...djRoles] },
  {
    path: appPagePaths.video,
    component: VideoPage,
    title: msg`Video`,
    layout: 'empty',
    // The cover is the page's largest picture: it starts loading as soon as its address is known.
    prefetch: (utils, { videoId = '' }) =>
      void utils.podcasts.publicEpisode.fetch({ id: videoId }).then(({ imageUrl }) => imageUrl && preloadImage(imageUrl), () => undefined),
  },
  { path: appPagePaths.pushNotifications, component: PushNotificationsPage, title: msg`Push Notifications`, roles: [...djRoles] },
  { path: appPagePaths.mobileApp, component: MobileAppPage, title: msg`My Mobile App`, roles: [...djRoles] },
  { path: appPagePaths.mobileAppSettings, component: MobileAppSettingsPage, title: msg`My Mobile App`, roles: [...djRoles] },
  { path: appPagePaths.termsAdmin, component: TermsAdminPage, title: msg`Terms and Conditions`, roles: [...adminRoles] },
  { path: appPagePaths.apiTokens, component: ApiTokensPage, title: msg`API Tokens`, roles: [...djRoles] },
  { path: appPagePaths.webhooks, component: WebhooksPage, title: msg`Webhooks`, roles: [...djRoles] },
  { path: appPagePaths.apiDocs, component: ApiDocsPage, title: msg`API Reference`, layout: 'empty' },
  ...catalogRoutes,
  ...workspaceRoutes,
];

/**
 * Every page path of the web app (wouter patterns), in one React-free place: the web's route tables
 * (web/src/app/routes.tsx, web/src/features/pages/routes.tsx, the sample apps' route files) take their paths from
 * here, and the server answers a path none of them matches with a real 404 (public-pages.service.ts).
 * tests/unit/page-paths.test.ts holds the route tables and this list to each other.
 */

/** The platform's own pages (web/src/app/routes.tsx). */
export const appPagePaths = {
  login: '/login',
  register: '/register',
  callback: '/callback',
  logout: '/logout',
  productPage: '/product-page',
  checkEmail: '/checkout/:productId/check-email',
  event: '/events/:subdomain/:eventId?',
  embedPlayer: '/embed/:subdomain/:eventId/player',
  chats: '/chats/:subdomain/:eventId?',
  embedChat: '/embed/:subdomain/:eventId/chat',
  checkoutPayment: '/checkout/:productId/payment',
  reactivate: '/reactivate/:itemId',
  paymentSuccess: '/payment-success/:paymentId',
  reactivationSuccess: '/reactivation-success/:itemId',
  calendar: '/apps/calendar',
  goLive: '/apps/live',
  settings: '/apps/settings',
  migrateDb: '/migrate-db',
  setting: '/apps/settings/:settingId',
  users: '/apps/users',
  changePassword: '/apps/users/:userId/change-password',
  userEdit: '/apps/users/:userId/:userHandle?',
  profile: '/profile/:userId/:tab?',
  manageTips: '/manage-tips',
  earnings: '/apps/earnings',
  podcastTitles: '/apps/podcast-titles',
  podcastTitle: '/apps/podcast-titles/:podcastTitleId',
  podcastEpisodes: '/apps/podcast-titles/:podcastTitleId/podcast-episodes',
  podcastEpisode: '/apps/podcast-titles/:podcastTitleId/podcast-episodes/:podcastEpisodeId',
  video: '/video/:videoId',
  /** A creator's public page: their membership tiers, upcoming events and latest episodes. */
  creatorPage: '/c/:tag',
  /** A podcast's public page: cover, description, subscribe links, episodes (members-only titles: no media for guests). */
  podcastPage: '/podcasts/:tag/:titleId',
  /** The signed-in account's memberships (private feed addresses, cancel, resume). */
  myMemberships: '/memberships',
  /** The creator's Members app: tiers, members, figures. */
  members: '/apps/members',
  /** The creator's audience analytics: downloads, live viewers, members and money over time. */
  analytics: '/apps/analytics',
  /** How the analytics count (the IAB rules we hold), linked from the dashboard. */
  analyticsHowWeCount: '/apps/analytics/how-we-count',
  /** The creator's Fediverse page: handle, followers, blocks, posts, the switches and hashtags (admins: instance blocks too). */
  fediverse: '/apps/fediverse',
  pushNotifications: '/apps/push-notifications',
  mobileApp: '/apps/mobile-app',
  mobileAppSettings: '/apps/mobile-app/:appId',
  termsAdmin: '/apps/terms-and-conditions',
  apiTokens: '/apps/developer/api-tokens',
  webhooks: '/apps/developer/webhooks',
  apiDocs: '/docs/api',
} as const;

/** The pages feature: auth demo pages, errors, maintenance, profile, legal (web/src/features/pages/routes.tsx). */
export const pagesFeaturePaths = {
  forgotPassword: '/pages/auth/forgot-password',
  forgotPassword2: '/pages/auth/forgot-password-2',
  resetPassword: '/pages/auth/reset-password',
  resetPassword2: '/pages/auth/reset-password-2',
  loginDemo: '/pages/auth/login',
  loginDemo2: '/pages/auth/login-2',
  registerDemo: '/pages/auth/register',
  registerDemo2: '/pages/auth/register-2',
  lock: '/pages/auth/lock',
  mailConfirm: '/pages/auth/mail-confirm',
  error404: '/pages/errors/error-404',
  error500: '/pages/errors/error-500',
  maintenance: '/pages/maintenance',
  profile: '/pages/profile',
  privacyPolicy: '/privacy-policy',
  terms: '/terms-and-conditions',
  adminRoleExample: '/auth/admin-role-example',
  staffRoleExample: '/auth/staff-role-example',
  guestRoleExample: '/auth/guest-role-example',
} as const;

/** The catalogue sample apps (web/src/features/demo/catalog-routes.tsx). */
export const catalogPagePaths = {
  products: '/apps/e-commerce/products',
  product: '/apps/e-commerce/products/:productId/:productHandle?',
  orders: '/apps/e-commerce/orders',
  order: '/apps/e-commerce/orders/:orderId',
  faq: '/pages/faq',
  fileManager: '/apps/file-manager',
  icons: '/ui/icons',
  invoice: '/pages/invoice',
  knowledgeBase: '/pages/knowledge-base',
  sampleCalendar: '/apps/sample-calendar',
} as const;

/** The workspace sample apps (web/src/features/demo/workspace-routes.tsx). */
export const workspacePagePaths = {
  academy: '/apps/academy',
  course: '/apps/academy/courses/:courseId/:slug?',
  analytics: '/apps/dashboards/analytics',
  projectDashboard: '/apps/dashboards/project',
  mail: '/apps/mail',
  notes: '/apps/notes',
  todo: '/apps/todo',
  scrumboard: '/apps/scrumboard',
  board: '/apps/scrumboard/boards/:boardId/:boardUri?',
  contacts: '/apps/contacts',
  chat: '/apps/chat',
} as const;

/** Every routed page pattern of the web app. */
export const webPagePaths: readonly string[] = [
  ...Object.values(appPagePaths),
  ...Object.values(pagesFeaturePaths),
  ...Object.values(catalogPagePaths),
  ...Object.values(workspacePagePaths),
];

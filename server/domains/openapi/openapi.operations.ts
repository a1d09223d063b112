import type { DomainErrorCode } from '@server/platform/errors';
import { z } from 'zod';
import type { ProcedureScope } from '@server/domains/api-tokens/api-tokens.schemas';
import { productOutput } from '@server/domains/billing/billing.schemas';
import { uploadChatPhotoAnswer } from '@server/domains/chat/chat.schemas';
import { botCheckVerdict, sessionUser } from '@server/domains/users/users.schemas';
import { appleStartQuery } from '@server/domains/users/social.rest';
import { project } from '@server/domains/demo/projectdashboard/projectdashboard.schemas';
import { publishRecordingInput } from '@server/domains/live/live.schemas';
import { changeTierInput, updateTierInput } from '@server/domains/memberships/memberships.schemas';
import { liveAnalyticsInput } from '@server/domains/analytics/analytics.schemas';
import { sampleRoutes } from './openapi.sample-routes';

/**
 * One documented `/api` route: the procedure its shim calls (whose zod input and output the document uses),
 * or its own schemas where the shim shapes the answer. Every registered /api route must have an entry
 * (tests/integration/devapi/openapi.test.ts checks both ways).
 */
export interface RestOperation {
  method: 'GET' | 'POST' | 'DELETE';
  /** Fastify's form, `/api/user/:id`. */
  path: string;
  summary: string;
  /** The procedure the shim calls: its scope, input and output document the route unless overridden. */
  procedure?: string;
  /** Where the procedure's input comes from (default: query for GET, body for POST, path when the path has params). */
  input?: 'query' | 'body' | 'path' | 'none';
  /** A multipart body: text fields from this schema plus the named file fields. */
  multipart?: { fields: z.ZodObject; files: string[] };
  /** The answer when it is not the procedure's output. */
  response?: z.ZodType;
  /** The shim adds `amount` (dollars) beside the procedure's `amountCents`. */
  withDollars?: boolean;
  /** A JSON body the shim passes on in its own way (e.g. a provider's signed event). */
  body?: z.ZodType;
  /** A non-JSON answer (popup pages, redirects, calendars): text/html unless contentType says otherwise. */
  html?: { statuses: number[]; description: string; contentType?: string };
  status?: number;
  /** Needed when there is no procedure. */
  scope?: ProcedureScope;
  /** A query the shim reads itself (no procedure input). */
  query?: z.ZodObject;
  /** Errors the shim's own work answers (as `ProcedureMeta.errors`: what the scope, input and ids imply is derived). */
  errors?: readonly DomainErrorCode[];
  /** Answers whose description is the route's own (a status derived or declared elsewhere keeps this text). */
  extraResponses?: Record<string, string>;
  /** The reference section, when the path's first segment does not name it. */
  tag?: string;
}

const get = (path: string, procedure: string, summary: string, extra: Partial<RestOperation> = {}): RestOperation => ({ method: 'GET', path, procedure, summary, ...extra });
const post = (path: string, procedure: string, summary: string, extra: Partial<RestOperation> = {}): RestOperation => ({ method: 'POST', path, procedure, summary, ...extra });
const del = (path: string, procedure: string, summary: string, extra: Partial<RestOperation> = {}): RestOperation => ({ method: 'DELETE', path, procedure, summary, ...extra });

/** Form fields sent as text: booleans as "true"/"false". */
const formBoolean = z.enum(['true', 'false']).optional();
const titleForm = z.object({
  name: z.string(),
  description: z.string().optional(),
  isVideo: formBoolean,
  explicit: formBoolean,
  category: z.string().optional(),
  language: z.string().optional(),
  contactEmail: z.string().optional().describe('itunes:owner email; empty uses the account email'),
  itunesType: z.enum(['episodic', 'serial']).optional(),
  membersOnly: formBoolean.describe('only members of a tier that includes the title hear it (their private feeds); no public feed, listing or media URL'),
});
const episodeForm = z.object({
  name: z.string(),
  description: z.string().optional(),
  publishDate: z.string().optional().describe('ISO time; later dates publish then'),
  seasonNumber: z.string().optional().describe('a whole number of 1 or more; empty clears it'),
  episodeNumber: z.string().optional().describe('a whole number of 1 or more; empty clears it (serial podcasts: next number when left out)'),
});

const productWithDollars = productOutput.extend({
  price: z.number().describe('pricePerMonthCents / 100'),
  setUpFee: z.number().describe('setUpFeeCents / 100'),
});
const anyObject = z.record(z.string(), z.unknown());

const platformOperations: RestOperation[] = [
  post('/api/user/register', 'users.register', 'Register a creator (inactive until an admin activates) or a viewer (signed in at once)', { status: 201 }),
  post('/api/user/register-with-sign-in', 'users.registerWithSignIn', 'Register a creator through checkout and sign in (checkout only until paid)', { status: 201 }),
  post('/api/user/login', 'users.login', 'Sign in (email or creator tag)'),
  post('/api/user/viewer-login', 'users.viewerLogin', 'Sign in as a viewer'),
  get('/api/user/alive', 'users.alive', 'The session: re-issues an older token'),
  get('/api/user/emulate/:id', 'users.emulate', 'Admin: a token acting as another account'),
  post('/api/auth/user/update', 'users.updateSelf', 'Update your own account'),
  post('/api/user/change-password', 'users.changePassword', 'Change your password (signs out other sessions)'),
  post('/api/user/locale', 'users.setLocale', "Choose the account's language (kept for every device; mails and error messages use it)"),
  post('/api/user/check-user-exists', 'users.checkUserExists', 'Whether an email is registered'),
  get('/api/user/bot-check/config', 'users.botCheckConfig', 'The bot check the sign-up pages use', { response: anyObject }),
  get('/api/user/bot-check/challenge', 'users.botCheckChallenge', 'A proof-of-work challenge (local bot check only)', { response: anyObject }),
  post('/api/user/verify-recaptcha', 'users.verifyBotCheck', 'Verify a bot-check answer', { response: botCheckVerdict.omit({ action: true }) }),
  post('/api/user/google', 'users.googleSignIn', 'Sign in with a Google ID token', { extraResponses: { '403': 'The creator account waits for activation' } }),
  post('/api/user/forgot-password', 'users.forgotPassword', 'Mail a password reset link'),
  post('/api/user/reset-password', 'users.resetPassword', 'Set a new password with a reset token'),
  post('/api/user/:id', 'users.updateViewerProfile', 'Update your viewer profile (multipart, optional imageFile)', {
    input: 'none',
    multipart: {
      fields: z.object({
        email: z.string().optional(),
        firstName: z.string(),
        lastName: z.string(),
        imageUrl: z.string().optional(),
        isActive: z.string().optional(),
        subdomain: z.string().optional(),
      }),
      files: ['imageFile'],
    },
  }),
  {
    method: 'GET',
    path: '/api/user/apple',
    summary: 'Start Sign in with Apple in a popup',
    scope: 'public',
    query: appleStartQuery,
    html: { statuses: [302, 200], description: 'A redirect to Apple, or a popup page reporting the problem' },
    errors: ['TOO_MANY_REQUESTS', 'SERVICE_UNAVAILABLE'],
    extraResponses: { '400': 'The `host` the popup reports back to is not one of this server’s origins', '503': 'PUBLIC_URL is needed to know this server’s origin' },
  },
  {
    method: 'GET',
    path: '/api/user/apple/callback',
    summary: 'Apple’s answer (query)',
    scope: 'public',
    html: { statuses: [200, 400], description: 'A popup page handing the session to the opener' },
  },
  {
    method: 'POST',
    path: '/api/user/apple/callback',
    summary: 'Apple’s answer (form_post)',
    scope: 'public',
    html: { statuses: [200, 400], description: 'A popup page handing the session to the opener' },
  },
  get('/api/auth', 'users.alive', 'The template’s mock auth: the bearer’s user', { response: z.object({ user: sessionUser }) }),
  get('/api/auth/access-token', 'users.alive', 'The template’s mock auth: a fresh token and the user', {
    response: z.object({ access_token: z.string(), user: sessionUser }),
  }),
  post('/api/auth/register', 'users.register', 'The template’s mock registration', {
    response: z.object({ user: sessionUser, access_token: z.string().optional() }),
  }),
  get('/api/termsConditions', 'terms.get', 'The current terms and whether you accepted them'),
  post('/api/termsConditions/accept', 'terms.accept', 'Accept the current terms', { input: 'none' }),
  post('/api/termsConditions', 'terms.upload', 'Admin: publish new terms (multipart pdfFile or pdfUrl)', {
    input: 'none',
    multipart: { fields: z.object({ pdfUrl: z.string().optional(), userId: z.string().optional() }), files: ['pdfFile'] },
  }),
  get('/api/config/public', 'system.publicConfig', 'Public configuration the sign-in pages need'),
  get('/api/admin/database-backup', 'system.database', 'Admin: download a consistent backup of the database (SQLite file)', {
    input: 'none',
    html: { statuses: [200], description: 'The database file (`VACUUM INTO` a copy)', contentType: 'application/vnd.sqlite3' },
    // 412 on PostgreSQL, which is backed up with pg_dump.
    errors: ['PRECONDITION_FAILED'],
    tag: 'System',
  }),
  get('/api/payment/products', 'billing.products', 'Subscription products', { response: z.array(productWithDollars) }),
  get('/api/payment/product/:id', 'billing.product', 'One subscription product', { response: productWithDollars }),
  {
    method: 'POST',
    path: '/api/event/upload-chat-user-profile-img',
    summary: 'Upload a chat profile photo (multipart userPhoto: square jpeg/png, 50–200 px)',
    scope: 'chat:write',
    multipart: { fields: z.object({}), files: ['userPhoto'] },
    errors: ['TOO_MANY_REQUESTS'],
    response: uploadChatPhotoAnswer,
    tag: 'Chat',
  },
  get('/api/event/latest/:subdomain', 'events.latest', 'The event a creator’s page opens with: the next upcoming active one, else the most recent'),
  get('/api/event/check-has-permission/:userId', 'events.checkHasPermission', 'Viewer: the premium events you may enter', { errors: ['FORBIDDEN'] }),
  get('/api/event/calendar/:file', 'events.publicSchedule', 'A creator’s public active events as iCalendar (`{subdomain}.ics`)', {
    input: 'none',
    html: { statuses: [200], description: 'An iCalendar feed', contentType: 'text/calendar' },
  }),
  get('/api/event/:eventId/stream', 'events.stream', 'What an event’s player plays (premium: only with access; our own stream carries a short-lived signed URL)', {
    errors: ['FORBIDDEN'],
  }),
  get('/api/event/:id', 'events.publicById', 'One event as its public page shows it'),
  get('/api/tips/get-tips-public/:userId', 'tips.publicList', 'A creator’s tip options (amounts in dollars)'),
  get('/api/payment/config', 'payments.config', 'What the payment pages need: provider, publishable key, currency'),
  get('/api/payment/coupon/:id', 'payments.coupon', 'A coupon by code'),
  get('/api/payment/:id', 'payments.byId', 'One of your payments', { withDollars: true }),
  post('/api/payment/create-tips-one-time-payment', 'payments.createTipsPayment', 'Start a tip payment (amount from the tip option)', { withDollars: true }),
  post('/api/payment/create-tips-payment-with-token', 'payments.createTipsPaymentWithToken', 'Tip with a card token in one step', { withDollars: true }),
  post('/api/payment/create-paywall-one-time-payment', 'payments.createPaywallPayment', 'Start paying for a premium event', { withDollars: true }),
  post('/api/payment/create-paywall-payment-with-token', 'payments.createPaywallPaymentWithToken', 'Pay for a premium event with a card token', { withDollars: true }),
  post('/api/payment/update-event-page-payment-status', 'payments.reportStatus', 'Report a payment’s intent: the server looks it up again', { withDollars: true }),
  post('/api/payment/status', 'payments.reportStatus', 'Same as update-event-page-payment-status', { withDollars: true }),
  post('/api/payment/finalize', 'payments.reportStatus', 'Same as update-event-page-payment-status', { withDollars: true }),
  post('/api/payment/local/confirm', 'payments.localConfirm', 'Local provider: confirm a card payment (test cards)'),
  post('/api/payment/local/authenticate', 'payments.localAuthenticate', 'Local provider: complete a card authentication'),
  post('/api/payment/local/payment-methods', 'payments.localPaymentMethod', 'Local provider: tokenise a test card'),
  post('/api/payment/webhook', 'payments.webhook', 'The payment provider’s signed events (Stripe-Signature header over the raw body)', {
    input: 'none',
    body: anyObject,
  }),
  post('/api/payment/create-one-time-payment', 'subscriptions.createProductPayment', 'Checkout: pay a product once'),
  post('/api/payment/create-subscription', 'subscriptions.createSubscription', 'Checkout: start a subscription'),
  post('/api/payment/get-customer', 'subscriptions.getCustomer', 'Checkout: your payment customer'),
  get('/api/subscription/check-has-notification-creation-permission', 'subscriptions.hasNotificationCreationPermission', 'Whether your plan includes push notifications', {
    response: z.object({ hasPermission: z.boolean() }),
  }),
  get('/api/subscription/info', 'subscriptions.mine', 'Your subscriptions'),
  get('/api/subscription/invoices', 'subscriptions.invoices', 'Your invoices'),
  get('/api/subscription/reactivation/:itemId', 'subscriptions.reactivation', 'What reactivating a lapsed subscription costs'),
  post('/api/subscription/reactivate/:itemId', 'subscriptions.startReactivation', 'Start reactivating a lapsed subscription'),
  get('/api/tips/options', 'tipOptions.mine', 'Your tip options'),
  post('/api/tips/options', 'tipOptions.create', 'Add a tip option (multipart: title, tipsAmount in dollars, optional iconFile)', {
    input: 'none',
    status: 201,
    multipart: { fields: z.object({ title: z.string(), tipsAmount: z.string().describe('dollars, e.g. "5.00"') }), files: ['iconFile'] },
  }),
  post('/api/tips/options/reorder', 'tipOptions.reorder', 'Reorder your tip options'),
  post('/api/tips/options/:id', 'tipOptions.update', 'Change a tip option (multipart; removeIcon=true drops the icon)', {
    input: 'none',
    multipart: {
      fields: z.object({ title: z.string().optional(), tipsAmount: z.string().optional(), removeIcon: z.enum(['true', 'false']).optional() }),
      files: ['iconFile'],
    },
  }),
  post('/api/tips/options/:id/delete', 'tipOptions.remove', 'Delete a tip option'),
  get('/api/project-dashboard-app/widgets', 'demo.projectdashboard.widgets', 'Project dashboard widgets, keyed as the template reads them (widget1..widget11, weatherWidget)', {
    response: anyObject,
  }),
  get('/api/project-dashboard-app/projects', 'demo.projectdashboard.projects', 'Projects (numeric ids where the id is a number)', {
    response: z.array(project.extend({ id: z.union([z.number(), z.string()]) })),
  }),
  post('/api/podcast/titles', 'podcasts.createTitle', 'Create a podcast title (multipart: fields and an optional image)', {
    input: 'none',
    status: 201,
    multipart: { fields: titleForm, files: ['image'] },
  }),
  post('/api/podcast/titles/:id', 'podcasts.updateTitle', 'Change a podcast title (multipart; send only what changes)', {
    input: 'none',
    multipart: { fields: titleForm.partial().extend({ removeImage: formBoolean }), files: ['image'] },
  }),
  del('/api/podcast/titles/:id', 'podcasts.deleteTitle', 'Delete a podcast title and its episodes'),
  post('/api/podcast/titles/:id/episodes', 'podcasts.createEpisode', 'Publish an episode (multipart: media required; image, transcript, chapters optional)', {
    input: 'none',
    status: 201,
    multipart: { fields: episodeForm, files: ['media', 'image', 'transcript', 'chapters'] },
  }),
  post('/api/podcast/episodes/:id', 'podcasts.updateEpisode', 'Change an episode (multipart; send only what changes)', {
    input: 'none',
    multipart: {
      fields: episodeForm.partial().extend({ removeImage: formBoolean, removeTranscript: formBoolean, removeChapters: formBoolean }),
      files: ['media', 'image', 'transcript', 'chapters'],
    },
  }),
  del('/api/podcast/episodes/:id', 'podcasts.deleteEpisode', 'Delete an episode'),
  get('/api/podcast/episodes-public/:id', 'podcasts.publicEpisode', 'A published episode'),
  get('/api/podcast/titles-public/:id', 'podcasts.publicTitle', 'A podcast title with its published episodes'),
  get('/api/podcast/:userId/user-podcast-episodes/:count', 'podcasts.publicUserEpisodes', 'A creator’s latest published episodes (count 1–50)', { input: 'none' }),
  post('/api/profile/avatar', 'profile.removeAvatar', 'Upload your profile picture (multipart image: square jpg/png, 50–200 px)', {
    input: 'none',
    multipart: { fields: z.object({}), files: ['image'] },
    tag: 'Profile',
  }),
  { method: 'GET', path: '/api/openapi.json', summary: 'This document', scope: 'public', response: anyObject },
  get('/api/push/public-key', 'push.publicKey', 'The VAPID public key browsers subscribe with (applicationServerKey)', { input: 'none' }),
  post('/api/push/subscribe', 'push.subscribe', 'Follow a creator’s push notifications (no account; a browser PushSubscription)'),
  post('/api/push/unsubscribe', 'push.unsubscribe', 'Stop push notifications to a browser endpoint'),
  post('/api/push/send', 'push.send', 'Send a push notification to your subscribers (audience: all, or signed-in current members only)'),
  get('/api/creator-page/:tag', 'publicPages.creatorPage', 'A creator’s public page: the creator, upcoming events and latest episodes (tiers: memberships)', {
    tag: 'Public pages',
  }),
  get('/api/podcast-page/:tag/:titleId', 'publicPages.podcastPage', 'A podcast’s public page: the title, its episodes and feed (a members-only title’s media for its members only)', {
    tag: 'Public pages',
  }),
  get('/api/live/settings', 'live.settings', 'Where OBS publishes (RTMP URL) and your stream key', { tag: 'Live' }),
  post('/api/live/settings', 'live.updateSettings', 'Change your live settings (show the viewer count to viewers)', { tag: 'Live' }),
  post('/api/live/rotate-key', 'live.rotateKey', 'A new stream key; a stream running on the old key ends at once (no body, or `{}`)', { tag: 'Live' }),
  get('/api/live/dashboard', 'live.dashboard', 'Your live state: session, stream health, viewers, last refused publish, the event a publish would use', { tag: 'Live' }),
  get('/api/live/status/:eventId', 'live.status', 'Whether an event is live: offline, live or ended, with the viewer count when shown', { tag: 'Live' }),
  get('/api/live/badges', 'live.badges', 'What the badges of up to 100 events follow: our own stream’s state (offline, live, ended) and the external source’s provider name', {
    tag: 'Live',
    input: 'none',
    query: z.object({ eventIds: z.string().describe('Event ids, comma-separated (1–100)') }),
    errors: ['BAD_REQUEST'],
  }),
  get('/api/live/recordings', 'live.recordings', 'Your recordings of live sessions, newest first', { tag: 'Live' }),
  get('/api/live/recordings/:recordingId', 'live.recording', 'One of your recordings', { tag: 'Live' }),
  post('/api/live/recordings/:recordingId/publish', 'live.publishRecording', 'Publish a ready recording as an episode of one of your video podcast titles', {
    input: 'none',
    body: publishRecordingInput.omit({ recordingId: true }),
    tag: 'Live',
  }),
  del('/api/live/recordings/:recordingId', 'live.deleteRecording', 'Delete a recording (an episode made from it stays)', { tag: 'Live' }),
  get('/api/membership-tiers', 'memberships.myTiers', 'Your membership tiers (archived ones last)', { tag: 'Memberships' }),
  post('/api/membership-tiers', 'memberships.createTier', 'Create a monthly membership tier (price in dollars, at least $1)', { tag: 'Memberships' }),
  post('/api/membership-tiers/:id', 'memberships.updateTier', 'Change a tier (a new price applies to new members only)', {
    input: 'none',
    body: updateTierInput.omit({ id: true }),
    tag: 'Memberships',
  }),
  post('/api/membership-tiers/:id/archive', 'memberships.archiveTier', 'Archive a tier: no new members, existing ones keep theirs', { tag: 'Memberships' }),
  get('/api/creators/:creatorId/membership-tiers', 'memberships.tiers', 'A creator’s tiers open to new members, with their perks', { tag: 'Memberships' }),
  post('/api/memberships/join', 'memberships.join', 'Become a member: the first month’s intent for the card form (amount from the tier)', { withDollars: true, tag: 'Memberships' }),
  get('/api/memberships/mine', 'memberships.mine', 'Your memberships, with the next charge and your private feed URLs', { tag: 'Memberships' }),
  get('/api/memberships/members', 'memberships.members', 'Your members (all tiers, or `tierId`)', { tag: 'Memberships' }),
  get('/api/memberships/stats', 'memberships.stats', 'Your members, monthly recurring revenue and churn over the last 30 days', { tag: 'Memberships' }),
  get('/api/memberships/:membershipId', 'memberships.byId', 'One of your memberships', { tag: 'Memberships' }),
  post('/api/memberships/:membershipId/cancel', 'memberships.cancel', 'Cancel: access lasts until the end of the paid month', { tag: 'Memberships' }),
  post('/api/memberships/:membershipId/resume', 'memberships.resume', 'Undo a cancel before the paid month ends', { tag: 'Memberships' }),
  post('/api/memberships/:membershipId/reset-feeds', 'memberships.resetFeeds', 'New private feed URLs (the old ones answer 410)', { tag: 'Memberships' }),
  post('/api/memberships/:membershipId/change-tier', 'memberships.changeTier', 'Change tier: an upgrade now (the prorated difference charged at once), a downgrade at the end of the paid period', {
    input: 'none',
    body: changeTierInput.omit({ membershipId: true }),
    tag: 'Memberships',
  }),
  get('/api/memberships/:membershipId/tier-options', 'memberships.tierOptions', 'The tiers a membership may change to, with the charge now or the day it applies', { tag: 'Memberships' }),
  get('/api/earnings/payments', 'earnings.payments', 'Who paid: your payments behind the earnings totals (tips, paywall, memberships), newest first; `nextCursor` pages', { tag: 'Earnings' }),
  get('/api/earnings/payments.csv', 'earnings.payments', 'The same payments as CSV (every page of the `month` and `source` asked for)', {
    html: { statuses: [200], description: 'CSV: date, payer, source, amount, creator share, tip message', contentType: 'text/csv' },
    tag: 'Earnings',
  }),
  post('/api/earnings/tips/:tipId/hide-message', 'earnings.hideTipMessage', 'Hide a tip’s message from everything public (you still see it)', { tag: 'Earnings' }),
  post('/api/earnings/tips/:tipId/unhide-message', 'earnings.unhideTipMessage', 'Show a hidden tip message again', { tag: 'Earnings' }),
  get('/api/analytics/downloads', 'analytics.downloads', 'Downloads counted by the IAB rules in `[from, to)`, bots apart, by `day`, `episode` or `app`', { tag: 'Analytics' }),
  get('/api/analytics/live', 'analytics.liveEvents', 'The started live events whose audience you may read, latest first (admins: one creator’s with `creatorId`, or all)', { tag: 'Analytics' }),
  get('/api/analytics/live/:eventId', 'analytics.live', 'A live event’s audience: viewers over time, peak, unique viewers, watch time, chat, tips and tickets', {
    input: 'none',
    query: liveAnalyticsInput.pick({ creatorId: true }),
    tag: 'Analytics',
  }),
  get('/api/analytics/members', 'analytics.members', 'Members and money per UTC month: active at the month’s end per tier, joined, cancelled, MRR, earnings', { tag: 'Analytics' }),
  post('/api/mobile-app/:appId/icon', 'mobileApp.setIcon', 'Upload your app icon (multipart icon: square PNG or JPEG, at least 512 px)', {
    input: 'none',
    multipart: { fields: z.object({}), files: ['icon'] },
    tag: 'Mobile app',
  }),
];

export const restOperations: RestOperation[] = [
  ...platformOperations,
  ...sampleRoutes.map(([method, path, procedure, summary]) => ({ method, path, procedure, summary })),
];

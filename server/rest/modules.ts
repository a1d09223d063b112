import { usersRest } from '@server/domains/users/users.rest';
import { socialRest } from '@server/domains/users/social.rest';
import { termsRest } from '@server/domains/terms/terms.rest';
import { billingRest } from '@server/domains/billing/billing.rest';
import { systemRest } from '@server/domains/system/system.rest';
import { mailRest } from '@server/domains/demo/mail/mail.rest';
import { notesRest } from '@server/domains/demo/notes/notes.rest';
import { todoRest } from '@server/domains/demo/todo/todo.rest';
import { scrumboardRest } from '@server/domains/demo/scrumboard/scrumboard.rest';
import { contactsRest } from '@server/domains/demo/contacts/contacts.rest';
import { chatRest } from '@server/domains/demo/chat/chat.rest';
import { calendarRest } from '@server/domains/demo/calendar/calendar.rest';
import { authRest } from '@server/domains/demo/auth/auth.rest';
import { academyRest } from '@server/domains/demo/academy/academy.rest';
import { analyticsRest } from '@server/domains/demo/analytics/analytics.rest';
import { ecommerceRest } from '@server/domains/demo/ecommerce/ecommerce.rest';
import { faqRest } from '@server/domains/demo/faq/faq.rest';
import { filesRest } from '@server/domains/demo/files/files.rest';
import { iconsRest } from '@server/domains/demo/icons/icons.rest';
import { invoicesRest } from '@server/domains/demo/invoices/invoices.rest';
import { knowledgebaseRest } from '@server/domains/demo/knowledgebase/knowledgebase.rest';
import { profileRest } from '@server/domains/demo/profile/profile.rest';
import { projectdashboardRest } from '@server/domains/demo/projectdashboard/projectdashboard.rest';
import { quickpanelRest } from '@server/domains/demo/quickpanel/quickpanel.rest';
import { searchRest } from '@server/domains/demo/search/search.rest';
import { eventsRest } from '@server/domains/events/events.rest';
import { tipsRest } from '@server/domains/tips/tips.rest';
import { podcastsRest } from '@server/domains/podcasts/podcasts.rest';
import { profileRest as creatorProfileRest } from '@server/domains/profile/profile.rest';
import { paymentsRest } from '@server/domains/payments/payments.rest';
import { subscriptionsRest } from '@server/domains/subscriptions/subscriptions.rest';
import { tipOptionsRest } from '@server/domains/tips/tip-options.rest';
import { chatRoomRest } from '@server/domains/chat/chat.rest';
import { openApiRest } from '@server/domains/openapi/openapi.rest';
import { pushRest } from '@server/domains/push/push.rest';
import { mobileAppRest } from '@server/domains/mobile-app/mobile-app.rest';
import { liveRest } from '@server/domains/live/live.rest';
import { settingsRest } from '@server/domains/settings/settings.rest';
import { publicPagesApiRest } from '@server/domains/public-pages/public-pages.rest';
import { membershipsRest } from '@server/domains/memberships/memberships.rest';
import { earningsRest } from '@server/domains/earnings/earnings.rest';
import { analyticsRest as audienceAnalyticsRest } from '@server/domains/analytics/analytics.rest';
import type { FastifyInstance } from 'fastify';
import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import { jsonOnce } from '@server/platform/kept-answers';
import type { RestKit, RestModule } from './kit';

/** The sample-data apps' documented paths (demo-apps.md), served to admins and staff. */
export const sampleAppRestModules: RestModule[] = [mailRest, notesRest, todoRest, scrumboardRest, contactsRest, chatRest, calendarRest, authRest, academyRest, analyticsRest, ecommerceRest, faqRest, filesRest, iconsRest, invoicesRest, knowledgebaseRest, profileRest, projectdashboardRest, quickpanelRest, searchRest];

/** Every REST module, registered in this order under the app. */
export const restModules: RestModule[] = [usersRest, socialRest, ...sampleAppRestModules, termsRest, systemRest, billingRest, chatRoomRest, podcastsRest, creatorProfileRest, eventsRest, tipsRest, subscriptionsRest, paymentsRest, tipOptionsRest, openApiRest, pushRest, mobileAppRest, liveRest, settingsRest, publicPagesApiRest, membershipsRest, earningsRest, audienceAnalyticsRest];

/** The REST API: every module of `restModules` in one encapsulated scope, its JSON answers compressed as tRPC's are. */
export async function restPlugin(api: FastifyInstance, { kit, compression }: { kit: RestKit; compression: FastifyCompressOptions }): Promise<void> {
  await api.register(fastifyCompress, compression);
  // JSON.stringify, except that a kept answer's JSON is made once (server/platform/kept-answers.ts).
  api.setReplySerializer((payload) => jsonOnce(payload));
  for (const module of restModules) await module(api, kit);
}

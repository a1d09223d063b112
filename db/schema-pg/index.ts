import * as sqliteSchema from '../schema/index';
import { derivePgSchema } from './derive';

/**
 * The PostgreSQL tables, derived from the SQLite tables (db/schema is the source; the rules are in ./derive.ts).
 * drizzle-kit reads this module's exports (drizzle.pg.config.ts), so every table is named here; the schema-drift
 * test fails when one is missing.
 */
export const pgSchema = derivePgSchema(sqliteSchema);

export const {
  users,
  passwordResetTokens,
  termsDocuments,
  termsAcceptances,
  invoices,
  products,
  planGrants,
  demoDocuments,
  events,
  eventAccess,
  cancelledEvents,
  tipOptions,
  podcastTitles,
  podcastEpisodes,
  podcastUploads,
  platformSettings,
  sweepLocks,
  instanceHeartbeats,
  chatMessages,
  chatBans,
  pushSubscriptions,
  pushNotifications,
  pushDeliveries,
  mobileApps,
  payments,
  ledgerEntries,
  tips,
  subscriptions,
  subscriptionInvoices,
  paymentCustomers,
  webhookEvents,
  localProviderObjects,
  apiTokens,
  webhooks,
  webhookDeliveries,
  webhookAttempts,
  liveChannels,
  liveSessions,
  liveRecordings,
  membershipTiers,
  membershipTierEvents,
  membershipTierTitles,
  memberships,
  membershipCharges,
  revokedFeedTokens,
  analyticsSalts,
  mediaRequests,
  listenerWindows,
  mediaDailyCounts,
  liveViewerSamples,
  liveViewerMinutes,
  liveEventAudiences,
} = pgSchema;

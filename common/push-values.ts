/** Plain value lists shared by the push tables (db/schema/push.ts) and the zod schemas; no imports, so the web may use them. */
export const pushNotificationKinds = ['manual', 'event_live'] as const;
export type PushNotificationKind = (typeof pushNotificationKinds)[number];

export const pushDeliveryStatuses = ['pending', 'sending', 'sent', 'failed', 'removed', 'skipped'] as const;
export type PushDeliveryStatus = (typeof pushDeliveryStatuses)[number];

/**
 * The push notification the server words itself when an event goes live (a creator's own notifications are sent as
 * written): each subscriber's copy in the language the browser subscribed with (`push_subscriptions.locale`), else the
 * creator's stored language (`users.locale`), else English (live-wording.ts). The service worker shows the title and
 * body as they arrive.
 */
export const pushNotificationMessages = {
  eventLiveTitle: '{creatorName} is live: {eventName}',
  eventLiveBody: 'Tap to join the stream.',
} as const;

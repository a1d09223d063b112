/**
 * The words a creator's calendar feed (.ics) says itself (event names and descriptions are the creator's and stay as
 * written), in the creator's stored language (`users.locale`, else English): ICU templates of the server catalogs.
 */
export const calendarFeedMessages = {
  calendarName: '{creatorName} — live events',
  premiumLine: 'Premium event: {price} CAD to enter.',
} as const;

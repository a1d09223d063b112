import { isLocale, type Locale } from '@common/locales';
import { translate } from '@server/i18n/translate';
import { requestLocale } from '@server/i18n/request-locale';
import { pushNotificationMessages } from './push.messages';
import { titleMaxLength } from './push.schemas';

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

export const liveNotificationBody = pushNotificationMessages.eventLiveBody;

/** The go-live notification's title and body in `locale`. */
export function liveNotificationText(locale: Locale, creatorName: string, eventName: string): { title: string; body: string } {
  return {
    title: truncate(translate(locale, pushNotificationMessages.eventLiveTitle, { creatorName, eventName }), titleMaxLength),
    body: translate(locale, liveNotificationBody),
  };
}

/**
 * The language one subscriber's copy of a go-live notification is written in: the subscriber's own (sent when the
 * browser subscribed), else the creator's, else English.
 */
export function subscriberLocale(subscriber: string | null | undefined, creator: string | null | undefined): Locale {
  return requestLocale(isLocale(subscriber) ? subscriber : creator, undefined);
}

import { streamProviderNames, type EventBadge } from '@common/event-badge';
import type { FeaturedEvent, MobileAppRow } from './mobile-app.service';
import { iconPath } from './mobile-app.service';
import { brandOrange } from '@common/mobile-app-values';
import { readableAgainstWhite } from '@common/contrast';
import { textDirection, type Locale } from '@common/locales';
import { translate, type MessageValues } from '@server/i18n/translate';
import { appPageMessages, notifyMeTexts, type NotifyMeTexts } from './mobile-app.messages';

/** The creator's app pages, rendered on the server: small, no framework, readable before any script runs. */

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapes[character]!);
}

export interface AppPageCreator {
  id: string;
  creatorTag: string;
  displayName: string;
  description: string;
}

/** The featured event with its badge (common/event-badge.ts: it follows the stream, not the schedule). */
export type AppPageEvent = FeaturedEvent & { badge: EventBadge };

export interface AppPageEpisode {
  id: string;
  title: string;
  podcastTitle: string | null;
  publishedAt: string | null;
}

const styles = `
*{box-sizing:border-box}[hidden]{display:none!important}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc}
header{display:flex;align-items:center;gap:12px;padding:16px;color:#fff;background:var(--theme-strong)}
header img{width:48px;height:48px;border-radius:12px;background:#fff2;box-shadow:0 0 0 2px #ffffff80}header h1{margin:0;font-size:20px;line-height:1.2}
header p{margin:0;font-size:14px}main{max-width:640px;margin:0 auto;padding:16px;display:grid;gap:16px}
section{background:#fff;border-radius:12px;padding:16px;box-shadow:0 1px 2px #0f172a14;border:1px solid #e2e8f0}
h2{margin:0 0 8px;font-size:16px}.badge{display:inline-block;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:600;background:#fee2e2;color:#b91c1c}
.badge.next{background:#ffedd5;color:#c2410c}.muted{color:#64748b;font-size:14px;margin:4px 0}
a.button,button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:0 18px;border-radius:8px;border:0;
font:inherit;font-weight:600;text-decoration:none;cursor:pointer;color:#fff;background:var(--theme-strong)}
button.secondary{background:#fff;color:#0f172a;border:1px solid #cbd5e1}button[aria-pressed="true"]{background:#fff;color:var(--theme-strong);border:2px solid var(--theme-strong)}
button:disabled{opacity:.6;cursor:not-allowed}ul{list-style:none;margin:0;padding:0}li+li{border-top:1px solid #f1f5f9}
li a{display:block;padding:10px 0;color:inherit;text-decoration:none}li a strong{display:block}.actions{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
footer{text-align:center;color:#64748b;font-size:12px;padding:24px}.center{text-align:center;padding:48px 16px}
.center img{width:96px;height:96px;border-radius:22px}`;

const escapeText = (text: string) => text.replace(/[&<>]/g, (character) => escapes[character]!);

/**
 * An app page message in `locale`, as element text: the message's own words with `&`, `<` and `>` escaped (quotes
 * are safe there), the values (a creator's or app's name) escaped whole, as the English page always wrote them.
 */
function text(locale: Locale, english: string, values?: MessageValues): string {
  if (!values) return escapeText(translate(locale, english));
  const entries = Object.entries(values);
  // Each value stands in as a private-use mark while the message's own words are escaped.
  const marks = Object.fromEntries(entries.map(([name], index) => [name, `\uE000${index}\uE001`]));
  return escapeText(translate(locale, english, marks)).replace(/\uE000(\d+)\uE001/g, (_, index: string) => escapeHtml(String(entries[Number(index)]![1])));
}

/** The `<html>` tag of a page in `locale`. */
function htmlTag(locale: Locale): string {
  return `<html lang="${locale}" dir="${textDirection(locale)}">`;
}

/** The "Notify me" script's texts in `locale` (notifyMeTexts). */
export function localizedNotifyTexts(locale: Locale): NotifyMeTexts {
  const { labels, ...messages } = notifyMeTexts;
  return {
    labels: Object.fromEntries(Object.entries(labels).map(([state, english]) => [state, translate(locale, english)])) as NotifyMeTexts['labels'],
    ...(Object.fromEntries(Object.entries(messages).map(([key, english]) => [key, translate(locale, english)])) as Omit<NotifyMeTexts, 'labels'>),
  };
}

function layout(options: {
  app: MobileAppRow;
  creator: AppPageCreator;
  locale: Locale;
  title: string;
  body: string;
  withScript: boolean;
  head?: string;
  /** The "Notify me" script's texts, as JSON in `data-notify-texts` (the page runs no inline script). */
  notifyTexts?: NotifyMeTexts;
}): string {
  const { app, creator, locale } = options;
  const base = `/m/${encodeURIComponent(creator.creatorTag)}/`;
  const icon = iconPath(creator.creatorTag, app, 'icon-192.png');
  return `<!doctype html>
${htmlTag(locale)}
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${escapeHtml(options.title)}</title>
<meta name="theme-color" content="${escapeHtml(app.themeColor)}">
${options.head ?? `<meta name="description" content="${escapeHtml(translate(locale, appPageMessages.description, { creatorName: creator.displayName }))}">`}
<link rel="manifest" href="${base}manifest.webmanifest">
<link rel="icon" type="image/png" href="${icon}">
<link rel="apple-touch-icon" href="${icon}">
<style>:root{--theme:${escapeHtml(app.themeColor)};--theme-strong:${readableAgainstWhite(app.themeColor)}}${styles}</style>
${options.withScript ? `<script type="module" src="${base}app.js"></script>` : ''}
</head>
<body data-creator-id="${escapeHtml(creator.id)}" data-app-path="${base}"${options.notifyTexts ? ` data-notify-texts="${escapeHtml(JSON.stringify(options.notifyTexts))}"` : ''}>
<header><img src="${icon}" alt="" width="48" height="48"><div><h1>${escapeHtml(app.name)}</h1><p>${app.name === creator.displayName ? text(locale, appPageMessages.tagline) : escapeHtml(creator.displayName)}</p></div></header>
${options.body}
<footer>${text(locale, appPageMessages.poweredBy)}</footer>
</body>
</html>`;
}

const utcFormatOptions: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' };
const utcFormats = new Map<Locale, Intl.DateTimeFormat>();

/** A start time in UTC as `locale` writes it (the page's script rewrites it in the reader's time zone). */
function utcTime(locale: Locale, iso: string): string {
  let format = utcFormats.get(locale);
  if (!format) utcFormats.set(locale, (format = new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : locale, utcFormatOptions)));
  return format.format(new Date(iso));
}

/** The badge's words in `locale` (common/event-badge.ts writes them in English). */
function badgeText(locale: Locale, event: AppPageEvent): string {
  const { badge } = event;
  switch (badge.kind) {
    case 'live':
      return text(locale, appPageMessages.badgeLive);
    case 'starting-soon':
      return text(locale, appPageMessages.badgeStartingSoon);
    case 'ended':
      return text(locale, appPageMessages.badgeEnded);
    case 'external': {
      const named = badge.text.replace(/^Streaming from /, '');
      const provider = named === streamProviderNames.embed ? translate(locale, appPageMessages.embeddedPlayer) : named;
      return text(locale, appPageMessages.badgeStreamingFrom, { provider });
    }
    case 'scheduled':
      return text(locale, appPageMessages.nextUp);
  }
}

function eventSection(creator: AppPageCreator, event: AppPageEvent | null, locale: Locale): string {
  if (!event) {
    return `<section aria-labelledby="event-heading"><h2 id="event-heading">${text(locale, appPageMessages.eventsHeading)}</h2><p class="muted">${text(locale, appPageMessages.noEvents, { creatorName: creator.displayName })}</p></section>`;
  }
  const href = `/events/${encodeURIComponent(creator.creatorTag)}/${encodeURIComponent(event.id)}`;
  const when = event.startDateTime
    ? `<p class="muted"><time datetime="${escapeHtml(event.startDateTime)}">${escapeHtml(utcTime(locale, event.startDateTime))}</time></p>`
    : `<p class="muted">${text(locale, appPageMessages.timeTba)}</p>`;
  const { badge } = event;
  const playing = badge.kind === 'live' || badge.kind === 'external';
  return `<section aria-labelledby="event-heading">
<span class="badge${badge.kind === 'live' ? '' : ' next'}" data-badge="${badge.kind}">${badgeText(locale, event)}</span>
<h2 id="event-heading" style="margin-top:8px">${escapeHtml(event.name)}</h2>
${playing ? '' : when}
${event.description ? `<p class="muted">${escapeHtml(event.description.slice(0, 280))}</p>` : ''}
<div class="actions"><a class="button" href="${href}">${text(locale, playing ? appPageMessages.watchNow : appPageMessages.openEvent)}</a></div>
</section>`;
}

function episodesSection(episodes: AppPageEpisode[], locale: Locale): string {
  if (!episodes.length) return '';
  const items = episodes
    .map(
      (episode) =>
        `<li><a href="/video/${encodeURIComponent(episode.id)}"><strong>${escapeHtml(episode.title)}</strong>${
          episode.podcastTitle ? `<span class="muted">${escapeHtml(episode.podcastTitle)}</span>` : ''
        }</a></li>`,
    )
    .join('');
  return `<section aria-labelledby="episodes-heading"><h2 id="episodes-heading">${text(locale, appPageMessages.latestEpisodes)}</h2><ul>${items}</ul></section>`;
}

/**
 * `head`: the page's description, canonical and link-preview tags (public-pages domain), already escaped. The "Notify
 * me" script reads its texts in the page's language from the body's `data-notify-texts`.
 */
export function appHomePage(app: MobileAppRow, creator: AppPageCreator, event: AppPageEvent | null, episodes: AppPageEpisode[], head?: string, locale: Locale = 'en'): string {
  const notify = `<section aria-labelledby="notify-heading"><h2 id="notify-heading">${text(locale, appPageMessages.notificationsHeading)}</h2>
<p class="muted">${text(locale, appPageMessages.notifyPitch, { creatorName: creator.displayName })}</p>
<div class="actions"><button type="button" id="notify-me" hidden aria-pressed="false">${text(locale, notifyMeTexts.labels.off)}</button></div>
<p id="notify-status" class="muted" role="status"></p></section>`;
  return layout({ app, creator, locale, title: app.name, withScript: true, head, notifyTexts: localizedNotifyTexts(locale), body: `<main>${eventSection(creator, event, locale)}${episodesSection(episodes, locale)}${notify}</main>` });
}

export function appOfflinePage(app: MobileAppRow, creator: AppPageCreator, locale: Locale = 'en'): string {
  const base = `/m/${encodeURIComponent(creator.creatorTag)}/`;
  return layout({
    app,
    creator,
    locale,
    title: translate(locale, appPageMessages.offlineTitle, { appName: app.name }),
    withScript: false,
    body: `<main><section class="center" aria-labelledby="offline-heading">
<img src="${iconPath(creator.creatorTag, app, 'icon-192.png')}" alt="" width="96" height="96">
<h2 id="offline-heading">${text(locale, appPageMessages.offlineHeading)}</h2>
<p class="muted">${text(locale, appPageMessages.offlineDetail, { appName: app.name })}</p>
<div class="actions" style="justify-content:center"><a class="button" href="${base}">${text(locale, appPageMessages.tryAgain)}</a></div>
</section></main>`,
  });
}

export function appNotFoundPage(locale: Locale = 'en'): string {
  return `<!doctype html>${htmlTag(locale)}<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${text(locale, appPageMessages.notFoundTitle)}</title><meta name="robots" content="noindex">
<style>${styles}</style></head><body><main><section class="center"><h2>${text(locale, appPageMessages.notFoundTitle)}</h2><p class="muted">${text(locale, appPageMessages.notFoundDetail)}</p><a class="button" style="--theme-strong:${readableAgainstWhite(brandOrange)}" href="/">${text(locale, appPageMessages.goHome)}</a></section></main></body></html>`;
}

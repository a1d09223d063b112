import type { EventBadge } from '@common/event-badge';
import type { FeaturedEvent, MobileAppRow } from './mobile-app.service';
import { iconPath } from './mobile-app.service';
import { brandOrange } from '@common/mobile-app-values';
import { readableAgainstWhite } from '@common/contrast';

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

function layout(options: { app: MobileAppRow; creator: AppPageCreator; title: string; body: string; withScript: boolean; head?: string }): string {
  const { app, creator } = options;
  const base = `/m/${encodeURIComponent(creator.creatorTag)}/`;
  const icon = iconPath(creator.creatorTag, app, 'icon-192.png');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${escapeHtml(options.title)}</title>
<meta name="theme-color" content="${escapeHtml(app.themeColor)}">
${options.head ?? `<meta name="description" content="${escapeHtml(`${creator.displayName} on Cuepoint`)}">`}
<link rel="manifest" href="${base}manifest.webmanifest">
<link rel="icon" type="image/png" href="${icon}">
<link rel="apple-touch-icon" href="${icon}">
<style>:root{--theme:${escapeHtml(app.themeColor)};--theme-strong:${readableAgainstWhite(app.themeColor)}}${styles}</style>
${options.withScript ? `<script type="module" src="${base}app.js"></script>` : ''}
</head>
<body data-creator-id="${escapeHtml(creator.id)}" data-app-path="${base}">
<header><img src="${icon}" alt="" width="48" height="48"><div><h1>${escapeHtml(app.name)}</h1><p>${escapeHtml(app.name === creator.displayName ? 'Live events and episodes' : creator.displayName)}</p></div></header>
${options.body}
<footer>Powered by Cuepoint</footer>
</body>
</html>`;
}

const utcFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' });

function eventSection(creator: AppPageCreator, event: AppPageEvent | null): string {
  if (!event) {
    return `<section aria-labelledby="event-heading"><h2 id="event-heading">Events</h2><p class="muted">No upcoming events right now. Turn on notifications to hear when ${escapeHtml(creator.displayName)} goes live.</p></section>`;
  }
  const href = `/events/${encodeURIComponent(creator.creatorTag)}/${encodeURIComponent(event.id)}`;
  const when = event.startDateTime
    ? `<p class="muted"><time datetime="${escapeHtml(event.startDateTime)}">${escapeHtml(utcFormat.format(new Date(event.startDateTime)))}</time></p>`
    : '<p class="muted">Time to be announced</p>';
  const { badge } = event;
  const playing = badge.kind === 'live' || badge.kind === 'external';
  return `<section aria-labelledby="event-heading">
<span class="badge${badge.kind === 'live' ? '' : ' next'}" data-badge="${badge.kind}">${escapeHtml(badge.text ?? 'Next up')}</span>
<h2 id="event-heading" style="margin-top:8px">${escapeHtml(event.name)}</h2>
${playing ? '' : when}
${event.description ? `<p class="muted">${escapeHtml(event.description.slice(0, 280))}</p>` : ''}
<div class="actions"><a class="button" href="${href}">${playing ? 'Watch now' : 'Open event'}</a></div>
</section>`;
}

function episodesSection(episodes: AppPageEpisode[]): string {
  if (!episodes.length) return '';
  const items = episodes
    .map(
      (episode) =>
        `<li><a href="/video/${encodeURIComponent(episode.id)}"><strong>${escapeHtml(episode.title)}</strong>${
          episode.podcastTitle ? `<span class="muted">${escapeHtml(episode.podcastTitle)}</span>` : ''
        }</a></li>`,
    )
    .join('');
  return `<section aria-labelledby="episodes-heading"><h2 id="episodes-heading">Latest episodes</h2><ul>${items}</ul></section>`;
}

/** `head`: the page's description, canonical and link-preview tags (public-pages domain), already escaped. */
export function appHomePage(app: MobileAppRow, creator: AppPageCreator, event: AppPageEvent | null, episodes: AppPageEpisode[], head?: string): string {
  const notify = `<section aria-labelledby="notify-heading"><h2 id="notify-heading">Notifications</h2>
<p class="muted">Get a notification when ${escapeHtml(creator.displayName)} goes live or posts news.</p>
<div class="actions"><button type="button" id="notify-me" hidden aria-pressed="false">Notify me</button></div>
<p id="notify-status" class="muted" role="status"></p></section>`;
  return layout({ app, creator, title: app.name, withScript: true, head, body: `<main>${eventSection(creator, event)}${episodesSection(episodes)}${notify}</main>` });
}

export function appOfflinePage(app: MobileAppRow, creator: AppPageCreator): string {
  const base = `/m/${encodeURIComponent(creator.creatorTag)}/`;
  return layout({
    app,
    creator,
    title: `${app.name} (offline)`,
    withScript: false,
    body: `<main><section class="center" aria-labelledby="offline-heading">
<img src="${iconPath(creator.creatorTag, app, 'icon-192.png')}" alt="" width="96" height="96">
<h2 id="offline-heading">You're offline</h2>
<p class="muted">${escapeHtml(app.name)} needs a connection to show live events and episodes. Check your connection and try again.</p>
<div class="actions" style="justify-content:center"><a class="button" href="${base}">Try again</a></div>
</section></main>`,
  });
}

export function appNotFoundPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>App not found</title><meta name="robots" content="noindex">
<style>${styles}</style></head><body><main><section class="center"><h2>App not found</h2><p class="muted">There is no creator app at this address.</p><a class="button" style="--theme-strong:${readableAgainstWhite(brandOrange)}" href="/">Go to Cuepoint</a></section></main></body></html>`;
}

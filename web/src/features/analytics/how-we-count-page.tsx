import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { analyticsPath } from './paths';

const sections: ReadonlyArray<{ title: MessageDescriptor; rules: readonly MessageDescriptor[] }> = [
  {
    title: msg`Podcast downloads`,
    rules: [
      msg`We follow the IAB Podcast Measurement Technical Guidelines (v2.x). A download is counted where the episode file is served: the public and private member feeds, the episode page and the /video player.`,
      msg`Only a GET request answered 200 or 206 can count. HEAD requests, 304 (not modified) answers, errors, a request for "bytes=0-1" and any range of 2 bytes or less never count.`,
      msg`A download counts once the bytes served to one listener for one episode cover the file’s header (ID3) plus one minute of audio at the file’s bitrate, or the whole file when it is shorter. Ranges from several requests add up; a single small range does not count.`,
      msg`One listener counts once per episode in a rolling 24 hours from their first request for it.`,
    ],
  },
  {
    title: msg`Who a listener is, and what we keep`,
    rules: [
      msg`A listener is a salted hash (HMAC) of the client address and the User-Agent. IPv6 addresses are cut to their /64 network. The address comes from our proxy rules, never from a raw X-Forwarded-For header.`,
      msg`The salt is secret and changes every day (UTC). Today’s and yesterday’s salts are both used, so the 24-hour window survives the change; a salt is deleted after 48 hours, after which a hash can no longer be linked to anyone.`,
      msg`Nothing personal is stored: no address and no full User-Agent is written to the database, and the media routes log the hash instead of the address.`,
      msg`The app or platform (Apple Podcasts, Spotify, Overcast, Pocket Casts, AntennaPod, browsers…) is read from the User-Agent with the Open Podcast Analytics Working Group’s user-agents-v2 patterns.`,
    ],
  },
  {
    title: msg`Bots`,
    rules: [msg`Requests from bots (the opawg user-agents-v2 bot patterns and the isbot library) are never counted as downloads. They are counted apart and shown as “Bots (not counted)”.`],
  },
  {
    title: msg`Media served through a CDN`,
    rules: [
      msg`When the site serves media from a CDN (MEDIA_PUBLIC_URL), the app only sees its own redirect, not the bytes. There a request counts as OP3 counts: a GET that is not "bytes=0-1", once per listener per episode per rolling 24 hours.`,
      msg`The dashboard then says “Counted per request (media served through a CDN)”.`,
    ],
  },
  {
    title: msg`Live events and replays`,
    rules: [
      msg`Concurrent viewers are sampled every minute while an event is live (distinct players, across every server of the site); the peak is the highest sample.`,
      msg`Unique viewers are the distinct players (hashed as listeners are) over the whole event. Average watch time = minutes seen × 60 ÷ unique viewers, in seconds.`,
      msg`Chat messages, tips and tickets are the ones sent or paid during the event. Replays’ plays are counted like episode downloads.`,
    ],
  },
  {
    title: msg`Members and money`,
    rules: [
      msg`Per month (UTC): the members whose membership is active at the month’s end, who joined and who cancelled, and the MRR: the monthly prices of the memberships active at the month’s end. Earnings by month and source are the Earnings page’s figures.`,
    ],
  },
  {
    title: msg`How long we keep the details`,
    rules: [msg`Raw counting rows are kept 30 days, then rolled up into daily totals per episode and app and deleted. Live viewers’ minutes are rolled up into each event’s totals the same way.`],
  },
];

/** /apps/analytics/how-we-count: the counting rules in plain words (as Castopod and OP3 publish theirs). */
export default function HowWeCountPage() {
  const { t } = useLingui();
  return (
    <article className="max-w-3xl min-w-0 space-y-6">
      <Link href={analyticsPath} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden /> <Trans>Analytics</Trans>
      </Link>
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">
          <Trans>How we count</Trans>
        </h1>
        <p className="text-sm text-slate-600">
          <Trans>The rules behind every number on the Analytics page and in the API.</Trans>
        </p>
      </header>
      {sections.map((section) => (
        <section key={section.title.id} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="text-lg font-semibold text-slate-900">{t(section.title)}</h2>
          <ul className="list-disc space-y-1.5 ps-5 text-sm text-slate-700">
            {section.rules.map((rule) => (
              <li key={rule.id}>{t(rule)}</li>
            ))}
          </ul>
        </section>
      ))}
    </article>
  );
}

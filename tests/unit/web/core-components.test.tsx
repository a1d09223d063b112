import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nProvider } from '@lingui/react';
import { Router } from 'wouter';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '@web/components/datetime-local';
import { ErrorState } from '@web/components/error-state';
import { EventBadgePill } from '@web/components/event-badge';
import { isPlanRefusal, PlanRequiredNotice } from '@web/components/plan-notice';
import { PasswordField } from '@web/components/text-field';
import { i18n } from '@web/lib/i18n/i18n';
import { roleLabel } from '@web/lib/role-labels';

const render = (node: ReactNode) =>
  renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <Router ssrPath="/" ssrSearch="">
        {node}
      </Router>
    </I18nProvider>,
  );

afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('shared components in the reader’s language (issue 34)', () => {
  it('a plan refusal links its last sentence, in English and in the words of another language', () => {
    const english = 'Creating events and going live need the LIVE STREAM plan. Choose a plan: /profile/me/subscriptions';
    expect(isPlanRefusal(english)).toBe(true);
    expect(render(<PlanRequiredNotice message={english} />)).toContain(
      '<p>Creating events and going live need the LIVE STREAM plan. <a href="/profile/me/subscriptions" class="font-semibold text-brand-700 underline">Choose a plan</a></p>',
    );
    const german = 'Veranstaltungen und Live-Gehen brauchen den Tarif LIVE STREAM. Tarif wählen: /profile/me/subscriptions';
    expect(isPlanRefusal(german)).toBe(true);
    expect(render(<PlanRequiredNotice message={german} />)).toMatch(/Tarif LIVE STREAM\. <a href="\/profile\/me\/subscriptions"[^>]*>Tarif wählen<\/a>/);
    expect(isPlanRefusal('Please enter a valid name')).toBe(false);
    expect(isPlanRefusal('Your plan: premium')).toBe(false);
  });

  it('English texts stay the spec’s; the password toggle sits on the end side (right to left too)', () => {
    const field = render(<PasswordField label="Password" />);
    expect(field).toContain('aria-label="Show password"');
    expect(field).toContain('end-0');
    expect(field).toContain('rounded-e-md');
    expect(field).toContain('pe-10');
    expect(field).not.toMatch(/\b(right-0|rounded-r-md|pr-10)\b/);
    const failed = render(<ErrorState error={new Error('boom')} onRetry={() => undefined} />);
    expect(failed).toContain('Could not load this');
    expect(failed).toContain('The server did not answer as expected. Please try again.');
    expect(failed).toContain('Retry');
    expect(render(<EventBadgePill badge={{ kind: 'external', text: 'Streaming from YouTube' }} />)).toContain('Streaming from YouTube');
    expect(render(<EventBadgePill badge={{ kind: 'live', text: 'LIVE' }} />)).toContain('LIVE');
    expect(roleLabel('dj')).toBe('Creator');
    expect(roleLabel('moderator')).toBe('moderator');
  });

  it('dates follow the active locale, not the browser’s', () => {
    const when = '2026-12-03T14:05:00Z';
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    expect(formatDate(when)).toBe('Dec 3, 2026');
    i18n.loadAndActivate({ locale: 'de', messages: {} });
    expect(formatDate(when)).toBe('3. Dez. 2026');
    expect(formatDateTime(when)).toMatch(/^3\. Dez\. 2026, \d\d:05$/);
    i18n.loadAndActivate({ locale: 'ar', messages: {} });
    expect(formatDate(when)).toBe(new Intl.DateTimeFormat('ar', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(when)));
  });
});

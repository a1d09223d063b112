import { renderToStaticMarkup } from 'react-dom/server';
import { I18nProvider } from '@lingui/react';
import { Router } from 'wouter';
import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { addOnExplanation, defaultProductFeatures } from '@server/domains/billing/billing.schemas';
import { isPlanRefusal, isPlanRefusalError, planLineText, planRefusalMessage, PlanRequiredNotice } from '@web/components/plan-notice';
import { i18n } from '@web/lib/i18n/i18n';

const german = 'Um Events zu erstellen und live zu gehen, brauchst du den Tarif LIVE STREAM. Wähle einen Tarif: /profile/me/subscriptions';

/** A refused tRPC call as the web's client sees it: message and data from the answer's error shape. */
function refusedCall(message: string, data: Record<string, unknown>) {
  return TRPCClientError.from({ error: { message, code: -32003, data } });
}

describe('a plan refusal told by its code (plan-notice.tsx)', () => {
  it('recognises a German refusal by data.reason and shows its last sentence as the plans link', () => {
    const error = refusedCall(german, { code: 'FORBIDDEN', httpStatus: 403, path: 'events.create', fieldErrors: null, reason: 'plan-required' });
    expect(isPlanRefusalError(error)).toBe(true);
    const message = planRefusalMessage(error);
    expect(message).toBe(german);
    expect(isPlanRefusal(message)).toBe(true);
    const html = renderToStaticMarkup(
      <I18nProvider i18n={i18n}>
        <Router ssrPath="/" ssrSearch="">
          <PlanRequiredNotice message={message!} />
        </Router>
      </I18nProvider>,
    );
    expect(html).toContain('<p>Um Events zu erstellen und live zu gehen, brauchst du den Tarif LIVE STREAM. <a href="/profile/me/subscriptions" class="font-semibold text-brand-700 underline">Wähle einen Tarif</a></p>');
  });

  it('recognises a REST answer by its reason, and nothing without the code', () => {
    expect(isPlanRefusalError({ status: 403, message: german, reason: 'plan-required' })).toBe(true);
    // The same words without the code (another refusal that happens to end with a path) are not a plan refusal.
    const uncoded = refusedCall(german, { code: 'FORBIDDEN', httpStatus: 403, path: 'events.create', fieldErrors: null });
    expect(isPlanRefusalError(uncoded)).toBe(false);
    expect(planRefusalMessage(uncoded)).toBeNull();
    expect(isPlanRefusalError(refusedCall(german, { httpStatus: 403, reason: 'federation-off' }))).toBe(false);
    expect(isPlanRefusalError(null)).toBe(false);
  });

  it('has a web text for every built-in plan line and the add-on note, so none stays English; an admin’s own line is shown as written', () => {
    const lines = [...Object.values(defaultProductFeatures).flat(), addOnExplanation];
    const marked = (message: { id: string }) => `⟦${message.id}⟧`;
    for (const line of lines) expect(planLineText(line, marked), line).toMatch(/^⟦.+⟧$/);
    expect(planLineText('Backstage passes for every show', marked)).toBe('Backstage passes for every show');
  });
});

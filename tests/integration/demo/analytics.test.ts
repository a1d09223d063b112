import { describe, expect, it } from 'vitest';
import { generateAnalyticsWidgets } from '../../../seed/demo/analytics';
import { itAnswersSeededData, useSeededDemoApp } from './part2-setup';

const t = useSeededDemoApp();

describe('analytics REST', () => {
  itAnswersSeededData(t, '/api/analytics-dashboard-app/widgets', generateAnalyticsWidgets);

  it('answers widgets 1 to 9 (no document id) with a campaigns table of title, clicks and conversion', async () => {
    const body = (await t.get('/api/analytics-dashboard-app/widgets')).json();
    expect(Object.keys(body)).toEqual(['widget1', 'widget2', 'widget3', 'widget4', 'widget5', 'widget6', 'widget7', 'widget8', 'widget9']);
    expect(body.widget9.rows.length).toBeGreaterThan(0);
    for (const row of body.widget9.rows) expect(Object.keys(row)).toEqual(['title', 'clicks', 'conversion']);
    expect(body.widget6.markers[0]).toEqual({ label: expect.any(String), lat: expect.any(Number), lng: expect.any(Number), visits: expect.any(Number) });
  });
});

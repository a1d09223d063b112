import { describe, expect, it } from 'vitest';
import { useTemplateClient } from './compat-client';

/** Replays of the template's pages that read the sample API directly, and the project dashboard's widgets. */
const client = useTemplateClient();

describe('template client: pages', () => {
  it('the invoice pages ask for the hardcoded sample id 5725a6802d', async () => {
    const invoice = await client.get<{ id: string; services: unknown[]; total: string }>('/api/invoices/get-invoice', { id: '5725a6802d' });
    expect(invoice.id).toBe('5725a6802d');
    expect(invoice.services.length).toBeGreaterThan(0);
  });

  it('FAQ, knowledge base, file manager, icons, profile tabs, quick panel and search answer their lists', async () => {
    expect((await client.get<Array<{ question: string }>>('/api/faq'))[0]).toHaveProperty('question');
    const categories = await client.get<Array<{ path: string; featuredArticles: unknown[] }>>('/api/knowledge-base');
    expect(categories[0]!.featuredArticles.length).toBeGreaterThan(0);
    expect((await client.get<Array<{ type: string }>>('/api/file-manager-app/files'))[0]).toHaveProperty('type');
    expect((await client.get<Array<{ ligatures: string }>>('/api/icons'))[0]).toHaveProperty('ligatures');
    expect(await client.get('/api/profile/timeline')).toHaveProperty('activities');
    expect(await client.get('/api/profile/photos-videos')).toEqual(expect.any(Array));
    expect(await client.get('/api/profile/about')).toHaveProperty('general');
    expect(await client.get('/api/quick-panel/data')).toHaveProperty('notes');
    expect((await client.get<unknown[]>('/api/search')).length).toBeGreaterThan(0);
  });
});

describe('template client: project dashboard', () => {
  it('finds project 1 by number, as ProjectDashboardApp does with _.find(projects, ["id", 1])', async () => {
    const projects = await client.get<Array<{ id: number; name: string }>>('/api/project-dashboard-app/projects');
    expect(projects.find((project) => project.id === 1)?.name).toEqual(expect.any(String));
  });

  it('every widget has what its component reads', async () => {
    type Counted = { count: Record<string, number | string> };
    const widgets = await client.get<Record<string, any>>('/api/project-dashboard-app/widgets'); // eslint-disable-line @typescript-eslint/no-explicit-any
    for (const key of ['widget1', 'widget2', 'widget3', 'widget4']) {
      const widget = widgets[key];
      expect(widget.data.count[widget.currentRange], key).toEqual(expect.any(Number));
      expect(widget.data.extra.count[widget.currentRange], key).toEqual(expect.any(Number));
      expect(Object.keys(widget.ranges)).toContain(widget.currentRange);
    }
    const widget5 = widgets.widget5;
    for (const range of Object.keys(widget5.ranges)) {
      expect(widget5.mainChart[range].labels.length).toBeGreaterThan(0);
      expect(widget5.mainChart[range].datasets.length).toBeGreaterThan(0);
      for (const item of Object.values(widget5.supporting) as Array<Counted & { label: string; chart: Record<string, { labels: string[] }> }>) {
        expect(item.count[range]).toEqual(expect.any(Number));
        expect(item.chart[range]!.labels.length).toBeGreaterThan(0);
      }
    }
    const widget6 = widgets.widget6;
    expect(widget6.mainChart.datasets[widget6.currentRange][0].data.length).toBe(widget6.mainChart.labels.length);
    expect(widget6.footerLeft.count[widget6.currentRange]).toEqual(expect.any(Number));
    expect(widgets.widget7.schedule[widgets.widget7.currentRange].length).toBeGreaterThan(0);
    expect(widgets.widget8.mainChart.datasets[0].data.length).toBe(widgets.widget8.mainChart.labels.length);
    for (const id of ['weeklySpent', 'totalSpent', 'remaining']) {
      expect(widgets.widget9[id].count[widgets.widget9.currentRange], id).toEqual(expect.any(String));
      expect(widgets.widget9[id].chart[widgets.widget9.currentRange].labels.length).toBeGreaterThan(0);
    }
    expect(widgets.widget9.totalBudget.count).toEqual(expect.any(String));
    expect(widgets.widget10.table.columns.length).toBe(widgets.widget10.table.rows[0].cells.length);
    expect(widgets.widget11.table.rows[0].cells.map((cell: { id: string }) => cell.id)).toContain('avatar');
    const weather = widgets.weatherWidget;
    const location = weather.locations[weather.currentLocation];
    expect(location.temp[weather.tempUnit]).toEqual(expect.any(Number));
    expect(location.windSpeed[weather.speedUnit]).toEqual(expect.any(Number));
    expect(location.next3Days).toHaveLength(3);
    expect(location.next3Days[0].temp[weather.tempUnit]).toEqual(expect.any(Number));
  });
});

import { describe, expect, it } from 'vitest';
import { toTemplateWidgets } from '@server/domains/demo/projectdashboard/projectdashboard.service';
import { generateProjectDashboardWidgets, generateProjects } from '../../../seed/demo/projectdashboard';
import { itAnswersSeededData, useSeededDemoApp } from './part2-setup';

const t = useSeededDemoApp();

describe('project dashboard REST', () => {
  itAnswersSeededData(t, '/api/project-dashboard-app/widgets', () => toTemplateWidgets(generateProjectDashboardWidgets()));
  itAnswersSeededData(t, '/api/project-dashboard-app/projects', () => generateProjects().map((project) => ({ ...project, id: Number(project.id) })));

  it('answers the weather widget, budget table, team members and schedule keyed as the template reads them', async () => {
    const seeded = generateProjectDashboardWidgets();
    const widgets = (await t.get('/api/project-dashboard-app/widgets')).json();
    const location = widgets.weatherWidget.locations[widgets.weatherWidget.currentLocation];
    expect(location.temp).toEqual(seeded.weather.temperature);
    expect(location.windSpeed[widgets.weatherWidget.speedUnit]).toBe(seeded.weather.windSpeed.KMH);
    expect(location.next3Days).toHaveLength(3);
    expect(widgets.widget10.table.rows[0].cells.map((cell: { id: string }) => cell.id)).toEqual([
      'budget_type', 'total_budget', 'spent_usd', 'spent_perc', 'remaining_usd', 'remaining_perc',
    ]);
    expect(widgets.widget11.table.rows).toHaveLength(seeded.teamMembers.rows.length);
    expect(widgets.widget11.table.rows[0].cells.find((cell: { id: string }) => cell.id === 'name').value).toBe(seeded.teamMembers.rows[0]!.name);
    expect(widgets.widget7.schedule.T).toEqual(seeded.schedule.items.T);
    expect(widgets.widget1.data.count).toEqual(seeded.summary[0]!.data.count);
    const projects = (await t.get('/api/project-dashboard-app/projects')).json();
    for (const project of projects) expect(Object.keys(project)).toEqual(['id', 'name']);
  });

  it('keeps the tRPC answer in its own shape (the web app reads that one)', async () => {
    const widgets = await t.get('/trpc/demo.projectdashboard.widgets');
    expect(widgets.json().result.data).toEqual(generateProjectDashboardWidgets());
    const projects = await t.get('/trpc/demo.projectdashboard.projects');
    expect(projects.json().result.data).toEqual(generateProjects());
  });
});

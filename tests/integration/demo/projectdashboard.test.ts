import { describe, expect, it } from 'vitest';
import { generateProjectDashboardWidgets, generateProjects } from '../../../seed/demo/projectdashboard';
import { itAnswersSeededData, useSeededDemoApp } from './part2-setup';

const t = useSeededDemoApp();

describe('project dashboard REST', () => {
  itAnswersSeededData(t, '/api/project-dashboard-app/widgets', generateProjectDashboardWidgets);
  itAnswersSeededData(t, '/api/project-dashboard-app/projects', generateProjects);

  it('answers the weather widget, budget table, team members and schedule', async () => {
    const widgets = (await t.get('/api/project-dashboard-app/widgets')).json();
    expect(Object.keys(widgets.weather.temperature)).toEqual(['C', 'F']);
    expect(Object.keys(widgets.weather.windSpeed)).toEqual(['KMH', 'MPH']);
    expect(widgets.weather.temperature.F).toBe(Math.round((widgets.weather.temperature.C * 9) / 5 + 32));
    expect(widgets.weather.rainProbability).toMatch(/^\d+%$/);
    expect(widgets.budgetTable.rows[0].cells.map((cell: { id: string }) => cell.id)).toEqual([
      'budget_type', 'total_budget', 'spent_usd', 'spent_perc', 'remaining_usd', 'remaining_perc',
    ]);
    expect(Object.keys(widgets.teamMembers.rows[0])).toEqual(['id', 'avatar', 'name', 'position', 'office', 'email', 'phone']);
    expect(widgets.schedule.items.T[0]).toEqual({ id: expect.any(String), title: expect.any(String), time: expect.any(String) });
    const projects = (await t.get('/api/project-dashboard-app/projects')).json();
    for (const project of projects) expect(Object.keys(project)).toEqual(['id', 'name']);
  });
});

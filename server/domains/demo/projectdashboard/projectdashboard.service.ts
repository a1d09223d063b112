import { DomainError } from '@server/platform/errors';
import type { Db } from '@db/client';
import { collection } from '../demo.store';
import type { Project, ProjectDashboardWidgets } from './projectdashboard.schemas';

/** The widgets are one document with id "widgets". */
export const projectDashboardDocuments = (db: Db) =>
  collection<ProjectDashboardWidgets & { id: string }>(db, 'projectdashboard.widgets');
export const projectDashboardProjects = (db: Db) => collection<Project>(db, 'projectdashboard.projects');

export async function getProjectDashboardWidgets(db: Db): Promise<ProjectDashboardWidgets> {
  const document = await projectDashboardDocuments(db).get('widgets');
  if (!document) throw new DomainError({ code: 'NOT_FOUND', message: 'The project dashboard widgets have not been seeded.' });
  const { id: _id, ...widgets } = document;
  return widgets;
}

export async function listProjects(db: Db): Promise<Project[]> {
  return projectDashboardProjects(db).list();
}

type Ranges = Record<string, string>;
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
/** "$12,500.00" -> 12500 (the budget table keeps display strings). */
const dollars = (value: string) => Number(value.replace(/[^0-9.-]/g, '')) || 0;
const formatDollars = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The same widgets keyed the way the original template's project dashboard reads them (`widget1`..`widget11`,
 * `weatherWidget`). Every number is derived from the stored widgets; nothing is invented here.
 */
export function toTemplateWidgets(widgets: ProjectDashboardWidgets) {
  const [widget1, widget2, widget3, widget4] = widgets.summary.map((item) => ({
    id: item.id,
    title: item.title,
    ranges: item.ranges,
    currentRange: item.currentRange,
    data: {
      label: item.data.name,
      count: item.data.count,
      extra: { label: item.data.extra.name, count: item.data.extra.count },
    },
    detail: `${item.data.name}: ${item.title}`,
  }));
  const issues = widgets.githubIssues;
  const issueRanges: Ranges = issues.ranges;
  const widget5 = {
    title: issues.title,
    ranges: issueRanges,
    mainChart: Object.fromEntries(Object.entries(issues.datasets).map(([range, datasets]) => [range, { labels: issues.labels, datasets }])),
    supporting: Object.fromEntries(
      (Object.values(issues.datasets)[0] ?? []).map((dataset, index) => [
        dataset.label.replace(/\s+(\w)/g, (_match, letter: string) => letter.toUpperCase()).replace(/^\w/, (letter) => letter.toLowerCase()),
        {
          label: dataset.label,
          count: Object.fromEntries(Object.entries(issues.datasets).map(([range, datasets]) => [range, sum(datasets[index]?.data ?? [])])),
          chart: Object.fromEntries(
            Object.entries(issues.datasets).map(([range, datasets]) => [range, { labels: issues.labels, datasets: datasets[index] ? [datasets[index]] : [] }]),
          ),
        },
      ]),
    ),
  };
  const tasks = widgets.taskDistribution;
  const taskRanges: Ranges = { TW: 'This Week' };
  const widget6 = {
    title: tasks.title,
    ranges: taskRanges,
    currentRange: 'TW',
    mainChart: { labels: tasks.labels, datasets: { TW: [{ data: tasks.data }] } },
    footerLeft: { title: 'Tasks Added', count: { TW: sum(tasks.data) } },
    footerRight: { title: 'Tasks Completed', count: { TW: tasks.data[0] ?? 0 } },
  };
  const widget7 = {
    title: widgets.schedule.title,
    ranges: widgets.schedule.ranges,
    currentRange: widgets.schedule.currentRange,
    schedule: widgets.schedule.items,
  };
  const budget = widgets.budgetTable;
  const cell = (row: (typeof budget.rows)[number], id: string) => row.cells.find((item) => item.id === id)?.value ?? '';
  const totals = budget.rows.map((row) => ({ type: cell(row, 'budget_type'), total: dollars(cell(row, 'total_budget')), spent: dollars(cell(row, 'spent_usd')) }));
  const totalBudget = sum(totals.map((row) => row.total));
  const totalSpent = sum(totals.map((row) => row.spent));
  const spentRanges: Ranges = { TW: 'This Week' };
  const spentChart = (values: number[]) => ({ TW: { labels: totals.map((row) => row.type), datasets: [{ label: 'Spent', data: values }] } });
  const widget8 = {
    title: 'Budget Distribution',
    mainChart: { labels: totals.map((row) => row.type), datasets: [{ data: totals.map((row) => row.total) }] },
  };
  const widget9 = {
    title: 'Spent',
    ranges: spentRanges,
    currentRange: 'TW',
    weeklySpent: { title: 'SPENT', count: { TW: formatDollars(totalSpent) }, chart: spentChart(totals.map((row) => row.spent)) },
    totalSpent: { title: 'TOTAL SPENT', count: { TW: formatDollars(totalSpent) }, chart: spentChart(totals.map((row) => row.spent)) },
    remaining: {
      title: 'REMAINING',
      count: { TW: formatDollars(totalBudget - totalSpent) },
      chart: spentChart(totals.map((row) => row.total - row.spent)),
    },
    totalBudget: { title: 'TOTAL BUDGET', count: formatDollars(totalBudget) },
  };
  const widget10 = { title: budget.title, table: { columns: budget.columns, rows: budget.rows } };
  const memberColumns = ['avatar', 'name', 'position', 'office', 'email', 'phone'] as const;
  const widget11 = {
    title: widgets.teamMembers.title,
    table: {
      columns: memberColumns.map((id) => ({ id, title: id === 'avatar' ? '' : id.charAt(0).toUpperCase() + id.slice(1) })),
      rows: widgets.teamMembers.rows.map((member) => ({
        id: member.id,
        cells: memberColumns.map((id) => ({ id, value: member[id], classes: '', icon: '' })),
      })),
    },
  };
  const weather = widgets.weather;
  const weatherWidget = {
    locations: {
      [weather.location]: {
        name: weather.location,
        icon: weather.icon,
        temp: weather.temperature,
        windSpeed: weather.windSpeed,
        windDirection: weather.windDirection,
        rainProbability: weather.rainProbability,
        next3Days: weather.next5Days.slice(0, 3).map((day) => ({ name: day.name, icon: day.icon, temp: day.temperature })),
        next5Days: weather.next5Days.map((day) => ({ name: day.name, icon: day.icon, temp: day.temperature })),
      },
    },
    currentLocation: weather.location,
    tempUnit: 'C',
    speedUnit: 'KMH',
  };
  return { widget1, widget2, widget3, widget4, widget5, widget6, widget7, widget8, widget9, widget10, widget11, weatherWidget };
}

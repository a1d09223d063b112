import { z } from 'zod';
import { chartDataset } from '../analytics/analytics.schemas';

const ranges = z.record(z.string(), z.string());
const countPerRange = z.record(z.string(), z.number().int());

/** The cells of a budget table row, in column order (demo-apps.md §3). */
export const budgetCellIds = ['budget_type', 'total_budget', 'spent_usd', 'spent_perc', 'remaining_usd', 'remaining_perc'] as const;

export const projectDashboardWidgets = z.object({
  summary: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      ranges,
      currentRange: z.string(),
      data: z.object({ name: z.string(), count: countPerRange, extra: z.object({ name: z.string(), count: countPerRange }) }),
    }),
  ),
  githubIssues: z.object({
    title: z.string(),
    ranges,
    currentRange: z.string(),
    labels: z.array(z.string()),
    datasets: z.record(z.string(), z.array(chartDataset)),
  }),
  taskDistribution: z.object({ title: z.string(), labels: z.array(z.string()), data: z.array(z.number().int()) }),
  schedule: z.object({
    title: z.string(),
    ranges,
    currentRange: z.string(),
    items: z.record(z.string(), z.array(z.object({ id: z.string(), title: z.string(), time: z.string() }))),
  }),
  budgetTable: z.object({
    title: z.string(),
    columns: z.array(z.object({ id: z.enum(budgetCellIds), title: z.string() })),
    rows: z.array(
      z.object({
        id: z.string(),
        cells: z.array(z.object({ id: z.enum(budgetCellIds), value: z.string(), classes: z.string() })),
      }),
    ),
  }),
  teamMembers: z.object({
    title: z.string(),
    rows: z.array(
      z.object({
        id: z.string(),
        avatar: z.string(),
        name: z.string(),
        position: z.string(),
        office: z.string(),
        email: z.string(),
        phone: z.string(),
      }),
    ),
  }),
  weather: z.object({
    location: z.string(),
    icon: z.string(),
    temperature: z.object({ C: z.number().int(), F: z.number().int() }),
    windSpeed: z.object({ KMH: z.number().int(), MPH: z.number().int() }),
    windDirection: z.string(),
    rainProbability: z.string(),
    next5Days: z.array(
      z.object({ name: z.string(), icon: z.string(), temperature: z.object({ C: z.number().int(), F: z.number().int() }) }),
    ),
  }),
});
export type ProjectDashboardWidgets = z.infer<typeof projectDashboardWidgets>;

export const project = z.object({ id: z.string().min(1), name: z.string().min(1) });
export type Project = z.infer<typeof project>;

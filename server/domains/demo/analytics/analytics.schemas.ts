import { z } from 'zod';

export const chartDataset = z.object({ label: z.string(), data: z.array(z.number()) });
const ranges = z.record(z.string(), z.string());

const statWidget = z.object({
  title: z.string(),
  value: z.number(),
  /** Change against the previous period, in percent. */
  change: z.number(),
  labels: z.array(z.string()),
  datasets: z.array(chartDataset),
});

/** Analytics widgets 1 to 9 (demo-apps.md §3): datasets, labels, markers and a campaigns table. */
export const analyticsWidgets = z.object({
  widget1: z.object({
    title: z.string(),
    ranges,
    currentRange: z.string(),
    labels: z.array(z.string()),
    datasets: z.record(z.string(), z.array(chartDataset)),
  }),
  widget2: statWidget,
  widget3: statWidget,
  widget4: statWidget,
  widget5: z.object({ title: z.string(), labels: z.array(z.string()), datasets: z.array(chartDataset) }),
  widget6: z.object({
    title: z.string(),
    markers: z.array(z.object({ label: z.string(), lat: z.number(), lng: z.number(), visits: z.number().int() })),
  }),
  widget7: z.object({ title: z.string(), labels: z.array(z.string()), data: z.array(z.number()), change: z.array(z.number()) }),
  widget8: z.object({ title: z.string(), labels: z.array(z.string()), datasets: z.array(chartDataset) }),
  widget9: z.object({
    title: z.string(),
    rows: z.array(z.object({ title: z.string(), clicks: z.number().int(), conversion: z.number().int() })),
  }),
});
export type AnalyticsWidgets = z.infer<typeof analyticsWidgets>;

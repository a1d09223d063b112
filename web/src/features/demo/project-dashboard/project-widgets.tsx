import { useState } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { Bar, BarChart, CartesianGrid, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis, ComposedChart } from 'recharts';
import { CloudRain, CloudSun, Droplets, Sun, Wind } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ProjectDashboardWidgets } from '@server/domains/demo/projectdashboard/projectdashboard.schemas';
import { readableAgainstWhite } from '@common/contrast';
import { Avatar } from '@web/components/avatar';
import { cx } from '@web/components/cx';
import { EmptyState } from '@web/components/empty-state';
import { TableScroll } from '@web/components/table-scroll';
import { DonutChart, chartPalette, seriesColor, toRows } from '../shared/charts';
import { WidgetCard as Card } from '../shared/widget-card';

function RangeSelect({ ranges, value, onChange, label }: { ranges: Record<string, string>; value: string; onChange: (value: string) => void; label: string }) {
  return (
    <select aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm focus:border-brand-500 focus:outline-none">
      {Object.entries(ranges).map(([key, title]) => (
        <option key={key} value={key}>
          {title}
        </option>
      ))}
    </select>
  );
}

function SummaryWidget({ widget, color }: { widget: ProjectDashboardWidgets['summary'][number]; color: string }) {
  const [range, setRange] = useState(widget.currentRange);
  return (
    <Card title={widget.title} action={<RangeSelect ranges={widget.ranges} value={range} onChange={setRange} label={`${widget.title} range`} />}>
      <div className="text-center">
        <p className="text-5xl font-bold" style={{ color: readableAgainstWhite(color) }}>
          {widget.data.count[range] ?? 0}
        </p>
        <p className="text-sm font-medium text-slate-600">{widget.data.name}</p>
        <p className="mt-3 border-t border-slate-100 pt-2 text-xs text-slate-500">
          {widget.data.extra.name}: <span className="font-semibold text-slate-700">{widget.data.extra.count[range] ?? 0}</span>
        </p>
      </div>
    </Card>
  );
}

function IssuesWidget({ widget }: { widget: ProjectDashboardWidgets['githubIssues'] }) {
  const { t } = useLingui();
  const [range, setRange] = useState(widget.currentRange);
  const sets = widget.datasets[range] ?? [];
  const rows = toRows(widget.labels, sets);
  return (
    <Card title={widget.title} className="lg:col-span-2" action={<RangeSelect ranges={widget.ranges} value={range} onChange={setRange} label={t`Issues range`} />}>
      <div className="h-64">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={rows} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} />
            <YAxis tick={{ fontSize: 12 }} />
            <Tooltip />
            <Legend />
            {sets.map((set, index) =>
              index === 0 ? (
                <Bar key={set.label} dataKey={set.label} fill={chartPalette[0]} radius={[4, 4, 0, 0]} />
              ) : (
                <Line key={set.label} type="monotone" dataKey={set.label} stroke={seriesColor(index)} strokeWidth={2} />
              ),
            )}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </Card>
  );
}

function TaskDistributionWidget({ widget }: { widget: ProjectDashboardWidgets['taskDistribution'] }) {
  const rows = widget.labels.map((label, index) => ({ label, value: widget.data[index] ?? 0 }));
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  return (
    <Card title={widget.title}>
      <DonutChart rows={rows} innerRadius="50%" className="h-48" />
      <p className="text-center text-sm text-slate-600">
        {total} tasks across {rows.length} areas
      </p>
    </Card>
  );
}

function ScheduleWidget({ widget }: { widget: ProjectDashboardWidgets['schedule'] }) {
  const { t } = useLingui();
  const [range, setRange] = useState(widget.currentRange);
  const items = widget.items[range] ?? [];
  return (
    <Card title={widget.title} action={<RangeSelect ranges={widget.ranges} value={range} onChange={setRange} label={t`Schedule range`} />}>
      {items.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">
          <Trans>Nothing scheduled.</Trans>
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.id} className="flex items-center justify-between gap-2 py-2 text-sm">
              <span className="font-medium text-slate-800">{item.title}</span>
              <span className="shrink-0 text-slate-500">{item.time}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Seed cells carry template colour classes; "text-red" is the one they use. */
const cellClasses = (classes: string) => cx(classes.includes('font-medium') && 'font-medium text-slate-900', classes.includes('text-red') && 'text-red-600');

function BudgetWidget({ widget }: { widget: ProjectDashboardWidgets['budgetTable'] }) {
  return (
    <Card title={widget.title}>
      <TableScroll label={widget.title} className="border-0">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="text-xs uppercase text-slate-500">
            <tr>
              {widget.columns.map((column) => (
                <th key={column.id} className="px-3 py-2 font-semibold">
                  {column.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 text-slate-700">
            {widget.rows.map((row) => (
              <tr key={row.id}>
                {row.cells.map((cell) => (
                  <td key={cell.id} className={cx('px-3 py-2', cellClasses(cell.classes))}>
                    {cell.value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </Card>
  );
}

function TeamWidget({ widget }: { widget: ProjectDashboardWidgets['teamMembers'] }) {
  const { t } = useLingui();
  if (widget.rows.length === 0) return <EmptyState title={t`No team members`} />;
  return (
    <Card title={widget.title}>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {widget.rows.map((member) => (
          <li key={member.id} className="flex min-w-0 items-center gap-3 rounded-md border border-slate-100 p-3">
            <Avatar name={member.name} imageUrl={member.avatar || null} className="size-11" />
            <div className="min-w-0 text-sm">
              <p className="truncate font-semibold text-slate-900">{member.name}</p>
              <p className="truncate text-slate-600">
                {member.position} · {member.office}
              </p>
              <a href={`mailto:${member.email}`} className="block truncate text-brand-700 hover:underline">
                {member.email}
              </a>
              <p className="truncate text-slate-500">{member.phone}</p>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function WeatherIcon({ icon, className }: { icon: string; className?: string }) {
  const name = icon.toLowerCase();
  const Icon = name.includes('rain') ? CloudRain : name.includes('cloud') ? CloudSun : Sun;
  return <Icon className={className} aria-hidden />;
}

function WeatherWidget({ widget }: { widget: ProjectDashboardWidgets['weather'] }) {
  const { t } = useLingui();
  const [unit, setUnit] = useState<'C' | 'F'>('C');
  const speed = unit === 'C' ? `${widget.windSpeed.KMH} km/h` : `${widget.windSpeed.MPH} mph`;
  return (
    <Card
      title={t`Weather`}
      action={
        <div role="group" aria-label={t`Units`} className="flex gap-1">
          {(['C', 'F'] as const).map((value) => (
            <button key={value} type="button" aria-pressed={unit === value} onClick={() => setUnit(value)} className={cx('rounded px-2 py-0.5 text-sm', unit === value ? 'bg-brand-500 text-white' : 'text-slate-600 hover:bg-slate-100')}>
              °{value}
            </button>
          ))}
        </div>
      }
    >
      <p className="text-sm font-medium text-slate-600">{widget.location}</p>
      <div className="my-3 flex items-center gap-3">
        <WeatherIcon icon={widget.icon} className="size-12 text-brand-500" />
        <span className="text-5xl font-bold text-slate-900">
          {widget.temperature[unit]}°{unit}
        </span>
      </div>
      <div className="flex flex-wrap gap-4 text-sm text-slate-600">
        <span className="flex items-center gap-1">
          <Wind className="size-4" aria-hidden />
          {speed} {widget.windDirection}
        </span>
        <span className="flex items-center gap-1">
          <Droplets className="size-4" aria-hidden />
          <Trans>Rain {widget.rainProbability}</Trans>
        </span>
      </div>
      <ul className="mt-4 divide-y divide-slate-100 border-t border-slate-100">
        {widget.next5Days.map((day) => (
          <li key={day.name} className="flex items-center justify-between py-2 text-sm">
            <span className="text-slate-700">{day.name}</span>
            <span className="flex items-center gap-2 font-medium text-slate-900">
              <WeatherIcon icon={day.icon} className="size-4 text-slate-500" />
              {day.temperature[unit]}°{unit}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

const tabClasses = 'border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 data-[state=active]:border-brand-500 data-[state=active]:text-brand-700';

/** The widgets (recharts, loaded with this chunk), in tabs beside the weather. */
export default function ProjectWidgets({ widgets }: { widgets: ProjectDashboardWidgets }) {
  const { t } = useLingui();
  return (
    <div className="grid gap-4 xl:grid-cols-[1fr_18rem]">
      <Tabs.Root defaultValue="home" className="min-w-0">
        <Tabs.List className="mb-4 flex overflow-x-auto border-b border-slate-200" aria-label={t`Dashboard sections`}>
          <Tabs.Trigger value="home" className={tabClasses}>
            <Trans>Home</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="budget" className={tabClasses}>
            <Trans>Budget</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="team" className={tabClasses}>
            <Trans>Team Members</Trans>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="home" className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {widgets.summary.map((widget, index) => (
              <SummaryWidget key={widget.id} widget={widget} color={seriesColor(index)} />
            ))}
          </div>
          <div className="grid gap-4 lg:grid-cols-3">
            <IssuesWidget widget={widgets.githubIssues} />
            <TaskDistributionWidget widget={widgets.taskDistribution} />
          </div>
          <ScheduleWidget widget={widgets.schedule} />
        </Tabs.Content>
        <Tabs.Content value="budget">
          <BudgetWidget widget={widgets.budgetTable} />
          <div className="mt-4 h-64 rounded-lg border border-slate-200 bg-white p-4">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart
                data={widgets.budgetTable.rows.map((row) => ({
                  type: row.cells.find((cell) => cell.id === 'budget_type')?.value ?? row.id,
                  spent: Number(row.cells.find((cell) => cell.id === 'spent_perc')?.value.replace('%', '') ?? 0),
                }))}
                margin={{ top: 8, right: 8, left: -16, bottom: 0 }}
              >
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="type" tick={{ fontSize: 12 }} />
                <YAxis tick={{ fontSize: 12 }} unit="%" domain={[0, 100]} />
                <Tooltip formatter={(value) => `${String(value)}%`} />
                <Bar dataKey="spent" name={t`Spent`} fill={chartPalette[0]} radius={[4, 4, 0, 0]} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </Tabs.Content>
        <Tabs.Content value="team">
          <TeamWidget widget={widgets.teamMembers} />
        </Tabs.Content>
      </Tabs.Root>
      <WeatherWidget widget={widgets.weather} />
    </div>
  );
}

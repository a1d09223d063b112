import { useState } from 'react';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, LabelList, Legend, Line, LineChart, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis, ZAxis } from 'recharts';
import { TrendingDown, TrendingUp } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AnalyticsWidgets as Widgets } from '@server/domains/demo/analytics/analytics.schemas';
import { cx } from '@web/components/cx';
import { TableScroll } from '@web/components/table-scroll';
import { formatNumber } from '@web/lib/i18n/format';
import { DonutChart, chartPalette, seriesColor, toRows } from '../shared/charts';
import { WidgetCard as Card } from '../shared/widget-card';

const brand = chartPalette[0]!;
const numberFormat = { format: (value: number) => formatNumber(value) };

/** Visitor figures are in thousands: the chart labels them "k" (demo-apps.md §9). */
export const thousands = (value: unknown) => `${formatNumber(Number(value), { minimumFractionDigits: 1, maximumFractionDigits: 1 })}k`;

function Change({ value }: { value: number }) {
  const up = value >= 0;
  const Icon = up ? TrendingUp : TrendingDown;
  return (
    <span className={cx('inline-flex items-center gap-1 text-sm font-medium', up ? 'text-emerald-700' : 'text-red-600')}>
      <Icon className="size-4" aria-hidden />
      {up ? '+' : ''}
      {formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 2 })}
    </span>
  );
}

function VisitorsWidget({ widget }: { widget: Widgets['widget1'] }) {
  const { t } = useLingui();
  const [range, setRange] = useState(widget.currentRange);
  const rows = toRows(widget.labels, widget.datasets[range] ?? []);
  const keys = (widget.datasets[range] ?? []).map((set) => set.label);
  return (
    <Card
      title={widget.title}
      className="md:col-span-2 xl:col-span-3"
      action={
        <div role="group" aria-label={t`Range`} className="flex gap-1">
          {Object.entries(widget.ranges).map(([value, label]) => (
            <button
              key={value}
              type="button"
              onClick={() => setRange(value)}
              aria-pressed={range === value}
              className={cx('rounded-md px-3 py-1 text-sm font-medium', range === value ? 'bg-brand-500 text-white' : 'text-slate-600 hover:bg-slate-100')}
            >
              {label}
            </button>
          ))}
        </div>
      }
    >
      <div className="h-64">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={rows} margin={{ top: 24, right: 8, left: -16, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} />
            <YAxis tick={{ fontSize: 12 }} tickFormatter={thousands} />
            <Tooltip formatter={(value) => thousands(value)} />
            {keys.map((key, index) => (
              <Area key={key} type="monotone" dataKey={key} stroke={seriesColor(index)} fill={seriesColor(index)} fillOpacity={0.2} strokeWidth={2}>
                <LabelList dataKey={key} position="top" formatter={thousands} fontSize={10} fill="#475569" />
              </Area>
            ))}
          </AreaChart>
        </ResponsiveContainer>
      </div>
    </Card>
  );
}

function StatWidget({ widget, color }: { widget: Widgets['widget2']; color: string }) {
  const rows = toRows(widget.labels, widget.datasets);
  return (
    <Card title={widget.title} action={<Change value={widget.change} />}>
      <p className="text-3xl font-bold text-slate-900">{numberFormat.format(widget.value)}</p>
      <div className="mt-2 h-20">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows}>
            <Tooltip />
            {widget.datasets.map((set) => (
              <Line key={set.label} type="monotone" dataKey={set.label} stroke={color} strokeWidth={2} dot={false} />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
    </Card>
  );
}

function BarsWidget({ widget, className }: { widget: Widgets['widget5'] | Widgets['widget8']; className?: string }) {
  const rows = toRows(widget.labels, widget.datasets);
  return (
    <Card title={widget.title} className={className}>
      <div className="h-60">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} />
            <YAxis tick={{ fontSize: 12 }} />
            <Tooltip />
            {widget.datasets.length > 1 && <Legend />}
            {widget.datasets.map((set, index) => (
              <Bar key={set.label} dataKey={set.label} fill={seriesColor(index)} radius={[4, 4, 0, 0]} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </Card>
  );
}

function LocationsWidget({ widget }: { widget: Widgets['widget6'] }) {
  const { t } = useLingui();
  const top = [...widget.markers].sort((a, b) => b.visits - a.visits);
  return (
    <Card title={widget.title} className="md:col-span-2">
      <div className="grid gap-4 sm:grid-cols-[1fr_14rem]">
        <div className="h-60" role="figure" aria-label={t`Locations by latitude and longitude`}>
          <ResponsiveContainer width="100%" height="100%">
            <ScatterChart margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis type="number" dataKey="lng" name={t`Longitude`} domain={[-180, 180]} tick={{ fontSize: 12 }} />
              <YAxis type="number" dataKey="lat" name={t`Latitude`} domain={[-90, 90]} tick={{ fontSize: 12 }} />
              <ZAxis type="number" dataKey="visits" range={[60, 400]} name={t`Visits`} />
              <Tooltip cursor={{ strokeDasharray: '3 3' }} />
              <Scatter data={widget.markers} fill={brand} fillOpacity={0.7} />
            </ScatterChart>
          </ResponsiveContainer>
        </div>
        <ul className="divide-y divide-slate-100 text-sm">
          {top.map((marker) => (
            <li key={`${marker.label}-${marker.lat}`} className="flex justify-between gap-2 py-1.5">
              <span className="truncate text-slate-700">{marker.label}</span>
              <span className="font-medium text-slate-900">{numberFormat.format(marker.visits)}</span>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}

function DevicesWidget({ widget }: { widget: Widgets['widget7'] }) {
  const rows = widget.labels.map((label, index) => ({ label, value: widget.data[index] ?? 0, change: widget.change[index] ?? 0 }));
  return (
    <Card title={widget.title}>
      <DonutChart rows={rows} innerRadius="55%" className="h-44" formatter={(value) => formatNumber(Number(value) / 100, { style: 'percent', maximumFractionDigits: 2 })} />
      <ul className="mt-2 space-y-1 text-sm">
        {rows.map((row, index) => (
          <li key={row.label} className="flex items-center justify-between gap-2">
            <span className="flex items-center gap-2 text-slate-700">
              <span className="size-2.5 rounded-full" style={{ backgroundColor: seriesColor(index) }} aria-hidden />
              {row.label} · {formatNumber(row.value / 100, { style: 'percent', maximumFractionDigits: 2 })}
            </span>
            <Change value={row.change} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

function CampaignsWidget({ widget }: { widget: Widgets['widget9'] }) {
  return (
    <Card title={widget.title} className="md:col-span-2 xl:col-span-3">
      <TableScroll label={widget.title} className="border-0">
        <table className="w-full min-w-[28rem] text-start text-sm">
          <thead className="text-xs uppercase text-slate-500">
            <tr>
              <th className="px-3 py-2 font-semibold">
                <Trans>Campaign</Trans>
              </th>
              <th className="px-3 py-2 text-end font-semibold">
                <Trans>Clicks</Trans>
              </th>
              <th className="px-3 py-2 text-end font-semibold">
                <Trans>Conversion</Trans>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {widget.rows.map((row) => (
              <tr key={row.title}>
                <td className="px-3 py-2 font-medium text-slate-900">{row.title}</td>
                <td className="px-3 py-2 text-end text-slate-700">{numberFormat.format(row.clicks)}</td>
                <td className="px-3 py-2 text-end text-slate-700">{numberFormat.format(row.conversion)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </Card>
  );
}

/** Widgets 1 to 9 of the analytics dashboard (recharts, loaded with this chunk). */
export default function AnalyticsWidgets({ widgets }: { widgets: Widgets }) {
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      <VisitorsWidget widget={widgets.widget1} />
      <StatWidget widget={widgets.widget2} color={chartPalette[0]!} />
      <StatWidget widget={widgets.widget3} color={chartPalette[1]!} />
      <StatWidget widget={widgets.widget4} color={chartPalette[2]!} />
      <BarsWidget widget={widgets.widget5} className="md:col-span-2" />
      <DevicesWidget widget={widgets.widget7} />
      <LocationsWidget widget={widgets.widget6} />
      <BarsWidget widget={widgets.widget8} />
      <CampaignsWidget widget={widgets.widget9} />
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@web/components/button';
import { addDays, daysIn, isDay, maxRangeDays, presetRanges, rangeLabel, utcDay, type AnalyticsRange, type RangeChoice } from './range';

const presetLabels: Record<(typeof presetRanges)[number], MessageDescriptor> = { '7': msg`7 days`, '30': msg`30 days`, '90': msg`90 days` };

/** 7 / 30 / 90 days or a custom first and last day (UTC); the page keeps the choice in the URL. */
export function RangePicker({ range, now, onChange }: { range: AnalyticsRange; now: Date; onChange(next: Pick<AnalyticsRange, 'choice' | 'from' | 'lastDay'>): void }) {
  const { t } = useLingui();
  const [custom, setCustom] = useState(range.choice === 'custom');
  const [from, setFrom] = useState(range.from);
  const [lastDay, setLastDay] = useState(range.lastDay);
  const [error, setError] = useState<string | null>(null);
  const today = utcDay(now);

  const pick = (choice: RangeChoice) => {
    setError(null);
    if (choice === 'custom') {
      setCustom(true);
      setFrom(range.from);
      setLastDay(range.lastDay);
      return;
    }
    setCustom(false);
    onChange({ choice, from: '', lastDay: '' });
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!isDay(from) || !isDay(lastDay)) return setError(t`Choose a first and a last day`);
    if (from > lastDay) return setError(t`The first day must not be after the last day`);
    if (lastDay > today) return setError(t`The last day cannot be in the future`);
    if (daysIn(from, lastDay) > maxRangeDays) return setError(t`Choose a range of at most ${maxRangeDays} days`);
    setError(null);
    onChange({ choice: 'custom', from, lastDay });
  };

  const pressed = custom ? 'custom' : range.choice;
  const rangeText = rangeLabel(range);
  return (
    <div className="space-y-2">
      <div role="group" aria-label={t`Period`} className="inline-flex max-w-full flex-wrap overflow-hidden rounded-md border border-slate-300">
        {[...presetRanges, 'custom' as const].map((choice) => (
          <button
            key={choice}
            type="button"
            aria-pressed={pressed === choice}
            onClick={() => pick(choice)}
            className={`h-10 px-3 text-sm ${pressed === choice ? 'bg-brand-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-50'}`}
          >
            {choice === 'custom' ? t`Custom` : t(presetLabels[choice])}
          </button>
        ))}
      </div>
      {custom && (
        <form onSubmit={apply} className="flex flex-wrap items-end gap-2" aria-label={t`Custom period`}>
          <label className="text-sm font-medium text-slate-700">
            <Trans>From</Trans>
            <input type="date" className="mt-1 block h-10 rounded-md border border-slate-300 px-2 text-sm" value={from} max={today} min={addDays(today, -3650)} onChange={(event) => setFrom(event.target.value)} />
          </label>
          <label className="text-sm font-medium text-slate-700">
            <Trans>To</Trans>
            <input type="date" className="mt-1 block h-10 rounded-md border border-slate-300 px-2 text-sm" value={lastDay} max={today} onChange={(event) => setLastDay(event.target.value)} />
          </label>
          <Button type="submit" size="sm" variant="secondary" className="h-10">
            <Trans>Apply</Trans>
          </Button>
          {error && (
            <p role="alert" className="w-full text-sm text-red-700">
              {error}
            </p>
          )}
        </form>
      )}
      <p className="text-sm text-slate-600" data-testid="range-label">
        <Trans>{rangeText} (UTC)</Trans>
      </p>
    </div>
  );
}

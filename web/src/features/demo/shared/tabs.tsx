import type { ReactNode } from 'react';
import * as RadixTabs from '@radix-ui/react-tabs';
import { cx } from '@web/components/cx';

export interface TabDefinition {
  value: string;
  label: string;
  content: ReactNode;
}

/** Tabs in the app's style; the tab list scrolls sideways on narrow screens. */
export function Tabs({ tabs, value, onValueChange, label }: { tabs: TabDefinition[]; value?: string; onValueChange?: (value: string) => void; label: string }) {
  return (
    <RadixTabs.Root value={value} defaultValue={tabs[0]?.value} onValueChange={onValueChange} className="space-y-4">
      <RadixTabs.List aria-label={label} className="flex gap-1 overflow-x-auto rounded-lg border border-slate-200 bg-white p-1">
        {tabs.map((tab) => (
          <RadixTabs.Trigger
            key={tab.value}
            value={tab.value}
            className={cx(
              'shrink-0 rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500',
              'data-[state=active]:bg-brand-50 data-[state=active]:text-brand-700',
            )}
          >
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content key={tab.value} value={tab.value} className="rounded-md focus-visible:outline-offset-4">
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}

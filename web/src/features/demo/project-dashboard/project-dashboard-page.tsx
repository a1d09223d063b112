import { lazy, Suspense, useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronDown, LayoutDashboard } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { QueryState } from '@web/components/query-state';
import { SampleAppShell } from '@web/components/sample-app-shell';
import { SkeletonCards } from '@web/components/skeleton';
import { trpc } from '@web/lib/trpc';

/** The charts library loads with the widgets chunk. */
const ProjectWidgets = lazy(() => import('./project-widgets'));

function ProjectSwitcher({ projects, selectedId, onSelect }: { projects: { id: string; name: string }[]; selectedId: string | undefined; onSelect: (id: string) => void }) {
  const selected = projects.find((project) => project.id === selectedId) ?? projects[0];
  if (!selected) return null;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-md bg-white/15 px-3 py-2 text-sm font-medium text-white hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white">
        <span className="sr-only">
          <Trans>Switch project:</Trans>{' '}
        </span>
        {selected.name}
        <ChevronDown className="size-4" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          {projects.map((project) => (
            <DropdownMenu.Item
              key={project.id}
              onSelect={() => onSelect(project.id)}
              className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-700"
            >
              <Check className={project.id === selected.id ? 'size-4 text-brand-600' : 'size-4 opacity-0'} aria-hidden />
              {project.name}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The project dashboard: project switcher, summary, issues, tasks, schedule, budget, team and weather widgets. */
export default function ProjectDashboardPage() {
  const { t } = useLingui();
  const loading = <SkeletonCards count={6} label={t`Loading the project dashboard`} cardClassName="h-48" />;
  const projects = trpc.demo.projectdashboard.projects.useQuery();
  const widgets = trpc.demo.projectdashboard.widgets.useQuery();
  const [projectId, setProjectId] = useState<string>();
  const current = projects.data?.find((project) => project.id === projectId) ?? projects.data?.[0];
  return (
    <SampleAppShell
      title={t`Project Dashboard`}
      subtitle={current ? current.name : t`Your projects at a glance`}
      icon={<LayoutDashboard aria-hidden />}
      actions={projects.data && <ProjectSwitcher projects={projects.data} selectedId={current?.id} onSelect={setProjectId} />}
    >
      <QueryState query={widgets} loading={loading} isEmpty={() => false} errorTitle={t`Could not load the project dashboard`}>
        {(data) => (
          <Suspense fallback={loading}>
            <ProjectWidgets widgets={data} />
          </Suspense>
        )}
      </QueryState>
    </SampleAppShell>
  );
}

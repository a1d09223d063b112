import { TRPCError } from '@trpc/server';
import type { Db } from '@db/client';
import { collection } from '../demo.store';
import type { Project, ProjectDashboardWidgets } from './projectdashboard.schemas';

/** The widgets are one document with id "widgets". */
export const projectDashboardDocuments = (db: Db) =>
  collection<ProjectDashboardWidgets & { id: string }>(db, 'projectdashboard.widgets');
export const projectDashboardProjects = (db: Db) => collection<Project>(db, 'projectdashboard.projects');

export function getProjectDashboardWidgets(db: Db): ProjectDashboardWidgets {
  const document = projectDashboardDocuments(db).get('widgets');
  if (!document) throw new TRPCError({ code: 'NOT_FOUND', message: 'The project dashboard widgets have not been seeded.' });
  const { id: _id, ...widgets } = document;
  return widgets;
}

export function listProjects(db: Db): Project[] {
  return projectDashboardProjects(db).list();
}

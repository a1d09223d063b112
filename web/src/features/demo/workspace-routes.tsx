import { lazy } from 'react';
import type { PageRoute } from '@web/app/route-types';

/** Every account the sample-data API admits (demoProcedure): never viewers. */
export const sampleAppRoles = ['admin', 'dj', 'staff', 'user'];

const AcademyPage = lazy(() => import('./academy/academy-page'));
const CoursePage = lazy(() => import('./academy/course-page'));
const AnalyticsPage = lazy(() => import('./analytics/analytics-page'));
const ProjectDashboardPage = lazy(() => import('./project-dashboard/project-dashboard-page'));
const MailPage = lazy(() => import('./mail/mail-page'));
const NotesPage = lazy(() => import('./notes/notes-page'));
const TodoPage = lazy(() => import('./todo/todo-page'));
const BoardsPage = lazy(() => import('./scrumboard/boards-page'));
const BoardPage = lazy(() => import('./scrumboard/board-page'));
const ContactsPage = lazy(() => import('./contacts/contacts-page'));
const ChatPage = lazy(() => import('./chat/chat-page'));

/** The workspace sample apps (demo-apps.md §2), each its own chunk. */
export const workspaceRoutes: PageRoute[] = [
  { path: '/apps/academy', component: AcademyPage, roles: sampleAppRoles },
  { path: '/apps/academy/courses/:courseId/:slug?', component: CoursePage, roles: sampleAppRoles },
  { path: '/apps/dashboards/analytics', component: AnalyticsPage, roles: sampleAppRoles },
  { path: '/apps/dashboards/project', component: ProjectDashboardPage, roles: sampleAppRoles },
  { path: '/apps/mail', component: MailPage, roles: sampleAppRoles },
  { path: '/apps/notes', component: NotesPage, roles: sampleAppRoles },
  { path: '/apps/todo', component: TodoPage, roles: sampleAppRoles },
  { path: '/apps/scrumboard', component: BoardsPage, roles: sampleAppRoles },
  { path: '/apps/scrumboard/boards/:boardId/:boardUri?', component: BoardPage, roles: sampleAppRoles },
  { path: '/apps/contacts', component: ContactsPage, roles: sampleAppRoles },
  { path: '/apps/chat', component: ChatPage, roles: sampleAppRoles },
];

import { lazy } from 'react';
import { msg } from '@lingui/core/macro';
import type { PageRoute } from '@web/lib/route-types';
import { workspacePagePaths } from '@common/page-paths';

/** Every account the sample-data API admits (demoProcedure): never viewers. */
/** The sample apps are for admins and staff (demo-apps.md §1); creators and viewers are turned away. */
export const sampleAppRoles = ['admin', 'staff', 'user'];

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
  { path: workspacePagePaths.academy, component: AcademyPage, title: msg`Academy`, roles: sampleAppRoles },
  { path: workspacePagePaths.course, component: CoursePage, title: msg`Course`, roles: sampleAppRoles },
  { path: workspacePagePaths.analytics, component: AnalyticsPage, title: msg`Analytics`, roles: sampleAppRoles },
  { path: workspacePagePaths.projectDashboard, component: ProjectDashboardPage, title: msg`Project Dashboard`, roles: sampleAppRoles },
  { path: workspacePagePaths.mail, component: MailPage, title: msg`Mail`, roles: sampleAppRoles },
  { path: workspacePagePaths.notes, component: NotesPage, title: msg`Notes`, roles: sampleAppRoles },
  { path: workspacePagePaths.todo, component: TodoPage, title: msg`To-Do`, roles: sampleAppRoles },
  { path: workspacePagePaths.scrumboard, component: BoardsPage, title: msg`Scrumboard`, roles: sampleAppRoles },
  { path: workspacePagePaths.board, component: BoardPage, title: msg`Board`, roles: sampleAppRoles },
  { path: workspacePagePaths.contacts, component: ContactsPage, title: msg`Contacts`, roles: sampleAppRoles },
  { path: workspacePagePaths.chat, component: ChatPage, title: msg`Chat`, roles: sampleAppRoles },
];

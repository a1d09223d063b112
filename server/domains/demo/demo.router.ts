import { router } from '@server/trpc/init';
import { mailRouter } from './mail/mail.router';
import { notesRouter } from './notes/notes.router';
import { todoRouter } from './todo/todo.router';
import { scrumboardRouter } from './scrumboard/scrumboard.router';
import { contactsRouter } from './contacts/contacts.router';
import { chatRouter } from './chat/chat.router';
import { calendarRouter } from './calendar/calendar.router';
import { academyRouter } from './academy/academy.router';
import { analyticsRouter } from './analytics/analytics.router';
import { ecommerceRouter } from './ecommerce/ecommerce.router';
import { faqRouter } from './faq/faq.router';
import { filesRouter } from './files/files.router';
import { iconsRouter } from './icons/icons.router';
import { invoicesRouter } from './invoices/invoices.router';
import { knowledgebaseRouter } from './knowledgebase/knowledgebase.router';
import { profileRouter } from './profile/profile.router';
import { projectdashboardRouter } from './projectdashboard/projectdashboard.router';
import { quickpanelRouter } from './quickpanel/quickpanel.router';
import { searchRouter } from './search/search.router';

/** The sample-data apps (demo-apps.md), one sub-router per app. */
export const demoRouter = router({
  mail: mailRouter,
  notes: notesRouter,
  todo: todoRouter,
  scrumboard: scrumboardRouter,
  contacts: contactsRouter,
  chat: chatRouter,
  calendar: calendarRouter,
  academy: academyRouter,
  analytics: analyticsRouter,
  ecommerce: ecommerceRouter,
  faq: faqRouter,
  files: filesRouter,
  icons: iconsRouter,
  invoices: invoicesRouter,
  knowledgebase: knowledgebaseRouter,
  profile: profileRouter,
  projectdashboard: projectdashboardRouter,
  quickpanel: quickpanelRouter,
  search: searchRouter,
});

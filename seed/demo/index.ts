import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { demoDocuments } from '@db/schema/demo';
import { clearDemoApp } from '@server/domains/demo/demo.store';
import { mailSeeder } from './mail';
import { notesSeeder } from './notes';
import { todoSeeder } from './todo';
import { scrumboardSeeder } from './scrumboard';
import { contactsSeeder } from './contacts';
import { chatSeeder } from './chat';
import { calendarSeeder } from './calendar';
import { academySeeder } from './academy';
import { analyticsSeeder } from './analytics';
import { ecommerceSeeder } from './ecommerce';
import { faqSeeder } from './faq';
import { filesSeeder } from './files';
import { iconsSeeder } from './icons';
import { invoicesSeeder } from './invoices';
import { knowledgebaseSeeder } from './knowledgebase';
import { profileSeeder } from './profile';
import { projectdashboardSeeder } from './projectdashboard';
import { quickpanelSeeder } from './quickpanel';
import { searchSeeder } from './search';
import type { DemoSeeder } from './seeder';

export type { DemoSeeder };

/** Registry of the sample-data apps' seeders; each app adds its own. */
export const demoSeeders: DemoSeeder[] = [
  mailSeeder,
  notesSeeder,
  todoSeeder,
  scrumboardSeeder,
  contactsSeeder,
  chatSeeder,
  calendarSeeder,
  academySeeder,
  analyticsSeeder,
  ecommerceSeeder,
  faqSeeder,
  filesSeeder,
  iconsSeeder,
  invoicesSeeder,
  knowledgebaseSeeder,
  profileSeeder,
  projectdashboardSeeder,
  quickpanelSeeder,
  searchSeeder,
];

async function appHasData(db: Db, app: string): Promise<boolean> {
  return !!(await firstRow(
    db
      .select({ id: demoDocuments.id })
      .from(demoDocuments)
      .where(sql`${demoDocuments.collection} LIKE ${`${app}.%`}`)
      .limit(1),
  ));
}

/** Seeds each app that has no data yet; with reset, replaces every app's data. One transaction. */
export async function seedDemoApps(db: Db, options: { reset: boolean }): Promise<void> {
  // The store's transaction: statements on `db` inside the callback belong to it (and nested ones join it).
  await db.transaction(async () => {
    for (const seeder of demoSeeders) {
      if (!options.reset && (await appHasData(db, seeder.app))) continue;
      await clearDemoApp(db, seeder.app);
      await seeder.seed(db);
    }
  });
}

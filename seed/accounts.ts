import { eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { products } from '@db/schema/billing';
import { users } from '@db/schema/users';
import type { UserRole } from '@common/roles';
import type { AppConfig } from '@server/config';
import { newId } from '@server/lib/ids';
import { hashPassword } from '@server/platform/passwords';

/** A seeded login as the start-up banner names it: never its password. */
export interface SeededLogin {
  label: string;
  email: string;
  /** Where the password comes from, for the banner (e.g. "ADMIN_PASSWORD"). */
  passwordSource: string;
}

/** The demo accounts' password, documented in README.md (seeded only with SEED_DEMO_ACCOUNTS). */
export const demoPassword = 'cuepoint-demo';

interface SeedAccount {
  label: string;
  passwordSource: string;
  email: string;
  password: string;
  role: UserRole;
  isActive: boolean;
  firstName: string;
  lastName: string;
  creatorTag: string | null;
  description: string;
}

function seedAccounts(config: AppConfig): SeedAccount[] {
  const admin: SeedAccount = { label: 'Admin', passwordSource: 'ADMIN_PASSWORD (see README.md)', email: config.admin.email, password: config.admin.password, role: 'admin', isActive: true, firstName: 'Cuepoint', lastName: 'Admin', creatorTag: null, description: '' };
  if (!config.seedDemoAccounts) return [admin];
  const demo = { passwordSource: 'the demo password (see README.md)' };
  return [
    admin,
    { label: 'Creator', ...demo, email: 'mara@cuepoint.local', password: demoPassword, role: 'dj', isActive: true, firstName: 'Mara', lastName: 'Quill', creatorTag: 'mara_quill', description: 'Late-night deep house sets and a weekly podcast about the records behind them.' },
    { label: 'Creator', ...demo, email: 'tobin@cuepoint.local', password: demoPassword, role: 'dj', isActive: true, firstName: 'Tobin', lastName: 'Reyes', creatorTag: 'tobin_live', description: 'Live-streamed interviews with independent musicians, every other Thursday.' },
    { label: 'Creator (inactive)', ...demo, email: 'pending@cuepoint.local', password: demoPassword, role: 'dj', isActive: false, firstName: 'Ines', lastName: 'Park', creatorTag: 'ines_waits', description: '' },
    { label: 'Viewer', ...demo, email: 'viewer@cuepoint.local', password: demoPassword, role: 'viewer', isActive: true, firstName: 'Sam', lastName: 'Lindqvist', creatorTag: null, description: '' },
  ];
}

/** Subscription products (prices in cents, CAD). */
export const seedProducts = [
  { id: 'LIVE_STREAM', name: 'Live Stream', pricePerMonthCents: 2999, setUpFeeCents: 0, setUpFeePriceId: null, providerPriceId: 'price_live_stream_monthly', sortOrder: 1 },
  { id: 'PODCAST_TITLE', name: 'Podcast', pricePerMonthCents: 999, setUpFeeCents: 1999, setUpFeePriceId: 'price_podcast_setup', providerPriceId: 'price_podcast_monthly', sortOrder: 2 },
  { id: 'PODCAST_TITLE_ADD_ON', name: 'Podcast Add On', pricePerMonthCents: 499, setUpFeeCents: 0, setUpFeePriceId: null, providerPriceId: 'price_podcast_add_on_monthly', sortOrder: 3 },
  { id: 'PODCAST_VIDEO_TITLE', name: 'Podcast Video', pricePerMonthCents: 1999, setUpFeeCents: 2999, setUpFeePriceId: 'price_podcast_video_setup', providerPriceId: 'price_podcast_video_monthly', sortOrder: 4 },
  { id: 'PODCAST_VIDEO_TITLE_ADD_ON', name: 'Podcast Video Add On', pricePerMonthCents: 999, setUpFeeCents: 0, setUpFeePriceId: null, providerPriceId: 'price_podcast_video_add_on_monthly', sortOrder: 5 },
] as const;

/** Creates what is missing and never touches rows that exist (users may have changed them). */
export async function seedCoreData(db: Db, config: AppConfig): Promise<SeededLogin[]> {
  for (const account of seedAccounts(config)) {
    const existing = await firstRow(db.select({ id: users.id }).from(users).where(eq(users.email, account.email)));
    if (existing) continue;
    await db
      .insert(users)
      .values({
        id: newId(),
        email: account.email,
        creatorTag: account.creatorTag,
        firstName: account.firstName,
        lastName: account.lastName,
        displayName: `${account.firstName} ${account.lastName}`,
        description: account.description,
        role: account.role,
        isActive: account.isActive,
        passwordHash: await hashPassword(account.password),
      })
      .onConflictDoNothing();
  }
  await db.insert(products).values([...seedProducts]).onConflictDoNothing();
  return seedAccounts(config).map(({ label, email, passwordSource }) => ({ label, email, passwordSource }));
}

/** The banner lines naming each login and where its password is documented (a password is never printed). */
export function describeLogins(logins: SeededLogin[]): string[] {
  return logins.map((login) => `    ${login.label.padEnd(22)} ${login.email.padEnd(32)} password: ${login.passwordSource}`);
}

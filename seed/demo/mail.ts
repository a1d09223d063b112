import { Faker, base, en } from '@faker-js/faker';
import type { Db } from '@db/client';
import { mailCollections } from '@server/domains/demo/mail/mail.service';
import type { Mail, MailFilter, MailFolder, MailLabel } from '@server/domains/demo/mail/mail.schemas';
import { initialsAvatar, shortDate } from './avatars';
import type { DemoSeeder } from './seeder';

export const mailFolders: MailFolder[] = [
  { id: 0, handle: 'inbox', title: 'Inbox', translate: 'INBOX', icon: 'inbox' },
  { id: 1, handle: 'sent', title: 'Sent', translate: 'SENT', icon: 'send' },
  { id: 2, handle: 'drafts', title: 'Drafts', translate: 'DRAFTS', icon: 'email_open' },
  { id: 3, handle: 'spam', title: 'Spam', translate: 'SPAM', icon: 'error' },
  { id: 4, handle: 'trash', title: 'Trash', translate: 'TRASH', icon: 'delete' },
];

export const mailFilters: MailFilter[] = [
  { id: 0, handle: 'starred', title: 'Starred', translate: 'STARRED', icon: 'star' },
  { id: 1, handle: 'important', title: 'Important', translate: 'IMPORTANT', icon: 'label' },
];

export const mailLabels: MailLabel[] = [
  { id: 1, handle: 'note', title: 'Note', color: '#7cb342' },
  { id: 2, handle: 'paypal', title: 'Paypal', color: '#d84315' },
  { id: 3, handle: 'invoice', title: 'Invoice', color: '#607d8b' },
  { id: 4, handle: 'amazon', title: 'Amazon', color: '#03a9f4' },
];

const mailCount = 24;

/** Deterministic sample mails: the same seed always gives the same mails. */
export function generateMails(): Mail[] {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(4101);
  const me = { name: 'Cuepoint Demo', email: 'demo@cuepoint.local' };
  const refDate = new Date(Date.UTC(2025, 5, 30, 12));
  return Array.from({ length: mailCount }, (_, index) => {
    const first = faker.person.firstName();
    const last = faker.person.lastName();
    const name = `${first} ${last}`;
    const hasAttachments = index % 4 === 1;
    const paragraphs = Array.from({ length: faker.number.int({ min: 2, max: 4 }) }, () => `<p>${faker.lorem.paragraph()}</p>`);
    const labels = faker.helpers.arrayElements([1, 2, 3, 4], faker.number.int({ min: 0, max: 2 })).sort();
    return {
      id: faker.string.uuid(),
      from: { name, avatar: initialsAvatar(name), email: faker.internet.email({ firstName: first, lastName: last, provider: 'example.com' }).toLowerCase() },
      to: [me],
      subject: faker.company.catchPhrase(),
      message: `<p>Hi ${me.name.split(' ')[0]},</p>${paragraphs.join('')}<p>Best regards,<br/>${name}</p>`,
      time: shortDate(faker.date.recent({ days: 60, refDate })),
      read: index % 3 !== 0,
      starred: index % 5 === 0 || index % 7 === 0,
      important: index % 4 === 0,
      hasAttachments,
      attachments: hasAttachments
        ? [
            {
              type: 'application/pdf',
              fileName: `${faker.system.commonFileName('pdf')}`,
              preview: '',
              url: '',
              size: `${faker.number.int({ min: 80, max: 900 })} Kb`,
            },
          ]
        : [],
      labels,
      // Every folder gets mails: most in the inbox, then sent, drafts, spam and trash.
      folder: index < 12 ? 0 : ((index % 4) + 1),
    };
  });
}

export const mailSeeder: DemoSeeder = {
  app: 'mail',
  async seed(db: Db) {
    await mailCollections.folders(db).replaceAll(mailFolders);
    await mailCollections.filters(db).replaceAll(mailFilters);
    await mailCollections.labels(db).replaceAll(mailLabels);
    await mailCollections.mails(db).replaceAll(generateMails());
  },
};

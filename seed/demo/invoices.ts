import type { Db } from '@db/client';
import { sampleInvoiceId, sampleInvoiceTotals, type Invoice } from '@server/domains/demo/invoices/invoices.schemas';
import { invoiceEntries } from '@server/domains/demo/invoices/invoices.service';
import type { DemoSeeder } from './seeder';
import { money, seededFaker, shiftDays } from './sample-faker';

export { sampleInvoiceId };

/** Service lines whose totals add up to the sample subtotal of 8445.00 (in cents). */
const lines = [
  { title: 'Stream Production', detail: 'Multi-camera production for a live event', unit: 'Hour', unitPriceCents: 17500, quantity: 24 },
  { title: 'Audio Mastering', detail: 'Mastering of podcast episodes', unit: 'Episode', unitPriceCents: 9500, quantity: 18 },
  { title: 'Mobile App Setup', detail: 'Branding and store listing of the creator app', unit: 'Project', unitPriceCents: 153500, quantity: 1 },
  { title: 'Consulting', detail: 'Channel growth and monetisation sessions', unit: 'Hour', unitPriceCents: 12500, quantity: 8 },
];

export function generateInvoice(): Invoice {
  const faker = seededFaker(501);
  const services = lines.map((line, index) => ({
    id: String(index + 1),
    title: line.title,
    detail: line.detail,
    unit: line.unit,
    unitPrice: money(line.unitPriceCents / 100),
    quantity: String(line.quantity),
    total: money((line.unitPriceCents * line.quantity) / 100),
  }));
  const issued = shiftDays(-12);
  const due = shiftDays(18);
  return {
    id: sampleInvoiceId,
    from: {
      title: 'Cuepoint Studio Inc.',
      address: `${faker.location.streetAddress()}, ${faker.location.city()}, ${faker.location.state({ abbreviated: true })} ${faker.location.zipCode()}`,
      phone: faker.phone.number({ style: 'national' }),
      email: 'billing@cuepoint.example',
      website: 'www.cuepoint.example',
    },
    client: {
      title: faker.company.name(),
      address: `${faker.location.streetAddress()}, ${faker.location.city()}, ${faker.location.state({ abbreviated: true })} ${faker.location.zipCode()}`,
      phone: faker.phone.number({ style: 'national' }),
      email: faker.internet.email({ provider: 'example.com' }).toLowerCase(),
    },
    number: 'P9-0004',
    date: issued.toISOString().slice(0, 10),
    dueDate: due.toISOString().slice(0, 10),
    services,
    ...sampleInvoiceTotals,
  };
}

export const invoicesSeeder: DemoSeeder = {
  app: 'invoices',
  async seed(db: Db) {
    await invoiceEntries(db).replaceAll([generateInvoice()]);
  },
};

import { z } from 'zod';

/** The sample invoice's id: the template's invoice pages ask for it by this id. */
export const sampleInvoiceId = '5725a6802d';

/** The sample invoice's totals (demo-apps.md §9); all amounts are strings with two decimals. */
export const sampleInvoiceTotals = { subtotal: '8445.00', tax: '675.60', discount: '120.60', total: '9000.00' } as const;

const amount = z.string().regex(/^-?\d{1,9}\.\d{2}$/, 'Use an amount with two decimals');

export const invoice = z.object({
  id: z.string().min(1),
  from: z.object({ title: z.string(), address: z.string(), phone: z.string(), email: z.string(), website: z.string() }),
  client: z.object({ title: z.string(), address: z.string(), phone: z.string(), email: z.string() }),
  number: z.string().min(1),
  date: z.string().min(1),
  dueDate: z.string().min(1),
  services: z.array(
    z.object({
      id: z.string().min(1),
      title: z.string(),
      detail: z.string(),
      unit: z.string(),
      unitPrice: amount,
      quantity: z.string(),
      total: amount,
    }),
  ),
  subtotal: amount,
  tax: amount,
  discount: amount,
  total: amount,
});
export type Invoice = z.infer<typeof invoice>;

export const invoiceIdInput = z.object({ id: z.string().trim().min(1).max(100) });

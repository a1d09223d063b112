import { router } from '@server/trpc/init';
import { demoProcedure } from '../demo.procedure';
import { invoice, invoiceIdInput } from './invoices.schemas';
import { getInvoice } from './invoices.service';

export const invoicesRouter = router({
  get: demoProcedure
    .input(invoiceIdInput)
    .output(invoice)
    .query(({ ctx, input }) => getInvoice(ctx.services.db, input.id)),
});

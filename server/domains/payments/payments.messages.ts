/**
 * The payments domain's refusals that are not form texts (those are `paymentMessages` in payments.schemas.ts, shared
 * with the web): what a caller is told when the payment provider fails them. Translated by the server catalogs.
 */
export const paymentProviderMessages = {
  unreachable: 'The payment provider could not be reached. Please try again.',
  noFirstInvoice: 'The payment provider did not open a first invoice',
  invoiceNotReady: 'The payment provider could not prepare this invoice',
} as const;

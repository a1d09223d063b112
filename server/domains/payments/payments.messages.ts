/**
 * The payments domain's refusals that are not form texts (those are `paymentMessages` in payments.schemas.ts, shared
 * with the web): what a caller is told when the payment provider fails them. Translated by the server catalogs.
 */
export const paymentProviderMessages = {
  unreachable: 'The payment provider could not be reached. Please try again.',
  noFirstInvoice: 'The payment provider did not open a first invoice',
  invoiceNotReady: 'The payment provider could not prepare this invoice',
} as const;

/**
 * The mails of a tip or ticket payment, each in its recipient account's language (`users.locale`, else English).
 * `{amount}` is money as the recipient's language writes it ("$19.99 CAD" in English); `{cardLast4}` is the card's last
 * four digits, `none` when the provider named no card.
 */
export const paymentMailMessages = {
  payerReceiptSubject: 'Your receipt from {siteName}: {amount}',
  payerReceiptBody:
    'Thank you for your payment to {creatorName}.\n\nItem: {item}\nAmount: {amount}\nDate: {date}\nPaid with: {cardLast4, select, none {card} other {card ending in {cardLast4}}}\nPaid to: {creatorName}\n\nKeep this mail as your receipt. — {siteName}',
  newTipSubject: 'New tip: {amount} from {payerName}',
  newTipBody: 'New tip on {siteName}.\n\nFrom: {payerName}\nItem: {item}\nAmount: {amount}\nDate: {date}',
  newTicketSubject: 'New ticket: {amount} from {payerName}',
  newTicketBody: 'New ticket on {siteName}.\n\nFrom: {payerName}\nItem: {item}\nAmount: {amount}\nDate: {date}',
  tipItem: 'Tip: {description}',
  ticketItem: 'Ticket: {eventName}',
  /** Stand-ins for an account that is gone. */
  someCreator: 'the creator',
  someViewer: 'A viewer',
} as const;

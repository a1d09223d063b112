/**
 * The mails of a creator's plan, each in the creator's stored language (`users.locale`, else English). `{amount}`,
 * `{setUpFee}` and `{monthlyPrice}` are money as that language writes it ("$29.99 CAD" in English); `{cardLast4}` is
 * the card's last four digits, `none` when the provider named no card; `{hasSetUpFee}` is `yes` or `no`.
 */
export const planMailMessages = {
  receiptSubject: 'Your receipt from {siteName}: {planName} plan, {amount}',
  paidBody:
    'Thank you! Your {planName} plan is active.\n\nItem: {planName} plan (monthly)\n{hasSetUpFee, select, yes {Setup fee (one time): {setUpFee}\n} other {}}Amount: {amount}\nDate: {date}\nPaid with: {cardLast4, select, none {your card} other {your card ending in {cardLast4}}}\nPaid until: {periodEnd}\nNext renewal: {periodEnd} ({monthlyPrice})\n\nYou can see your plan, its invoices and its card under Profile → Subscriptions on {origin}.\nKeep this mail as your receipt. — {siteName}',
  renewedBody:
    'Your {planName} plan was renewed.\n\nItem: {planName} plan (monthly)\n{hasSetUpFee, select, yes {Setup fee (one time): {setUpFee}\n} other {}}Amount: {amount}\nDate: {date}\nPaid with: {cardLast4, select, none {your card} other {your card ending in {cardLast4}}}\nPaid until: {periodEnd}\nNext renewal: {periodEnd} ({monthlyPrice})\n\nYou can see your plan, its invoices and its card under Profile → Subscriptions on {origin}.\nKeep this mail as your receipt. — {siteName}',
  cardChangedSubject: 'The card for your {planName} plan was changed',
  cardChangedBody:
    'Your {planName} plan is now charged to {cardLast4, select, none {your card} other {your card ending in {cardLast4}}}.\n\nPlan: {planName} plan ({monthlyPrice} a month)\nDate: {date}\nNext renewal: {periodEnd} ({monthlyPrice})\n\nIf you did not change it, change your password and the card at once. You can see your plan, its invoices and its card under Profile → Subscriptions on {origin}.\n— {siteName}',
  canceledSubject: 'Your {planName} plan is canceled and ends on {periodEnd}',
  canceledBody:
    'You canceled your {planName} plan. It stays active until {periodEnd} and will not be charged again.\n\nPlan: {planName} plan ({monthlyPrice} a month)\nDate: {date}\nEnds on: {periodEnd}\n\nChanged your mind? Resume it before {periodEnd} under Profile → Subscriptions on {origin}.\n— {siteName}',
  resumedSubject: 'Your {planName} plan will renew again',
  resumedBody:
    'You resumed your {planName} plan: it no longer ends and renews every month.\n\nPlan: {planName} plan ({monthlyPrice} a month)\nDate: {date}\nNext renewal: {periodEnd} ({monthlyPrice}, charged to {cardLast4, select, none {your card} other {your card ending in {cardLast4}}})\n\nYou can see your plan, its invoices and its card under Profile → Subscriptions on {origin}.\n— {siteName}',
  paymentFailedSubject: 'Your {planName} plan payment failed',
  paymentFailedBody:
    'We could not charge {cardLast4, select, none {your card} other {your card ending in {cardLast4}}} for the renewal of your {planName} plan ({amount}).\n\nPlan: {planName} plan ({monthlyPrice} a month)\nDate: {date}\n\nThe invoice stays open until it is paid. To pay it, or to pay with another card, open Profile → Subscriptions on {origin}.\n— {siteName}',
  endedSubject: 'Your {planName} plan has ended',
  endedBody:
    'Your {planName} plan has ended; it will not be charged again and its features are off.\n\nPlan: {planName} plan ({monthlyPrice} a month)\nDate: {date}\n\nYou can start it again at any time under Profile → Subscriptions on {origin}.\n— {siteName}',
} as const;

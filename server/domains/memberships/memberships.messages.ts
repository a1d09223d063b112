/**
 * The mails of a fan membership, each in its recipient account's language (`users.locale`, else English): the member's
 * receipts and notices, and the creator's notice of a new member. `{amount}`, `{charged}` and `{monthly}` are money as
 * the recipient's language writes it ("$4.99 CAD" in English); `{cardLast4}` is the card's last four digits, `none`
 * when the provider named no card.
 */
export const membershipMailMessages = {
  receiptSubject: 'Your receipt from {siteName}: {tierName} membership, {amount}',
  welcomeBody:
    'Welcome! You are now a member of {creatorName}\'s {tierName} tier.\n\nItem: {tierName} membership (monthly)\nAmount: {amount}\nPaid with: {cardLast4, select, none {your card} other {your card ending in {cardLast4}}}\nPaid until: {periodEnd}\n\nYou can see and cancel your memberships under "My memberships" on {origin}.\nKeep this mail as your receipt. — {siteName}',
  renewedBody:
    'Your {tierName} membership of {creatorName} was renewed.\n\nItem: {tierName} membership (monthly)\nAmount: {amount}\nPaid with: {cardLast4, select, none {your card} other {your card ending in {cardLast4}}}\nPaid until: {periodEnd}\n\nYou can see and cancel your memberships under "My memberships" on {origin}.\nKeep this mail as your receipt. — {siteName}',
  paidAfterLapseSubject: 'Your {tierName} membership is open again until {periodEnd}',
  paidAfterLapseBody:
    "Your payment for the {tierName} membership of {creatorName} arrived after the membership had ended, so it is open again for the month you paid.\n\nItem: {tierName} membership (one month)\nAmount: {amount}\nPaid with: {cardLast4, select, none {your card} other {your card ending in {cardLast4}}}\nPaid until: {periodEnd}\n\nIt will not renew by itself. To stay a member after {periodEnd}, become a member again from {creatorName}'s page on {origin}.\nKeep this mail as your receipt. — {siteName}",
  renewalFailedSubject: 'Your {tierName} membership payment failed',
  renewalFailedBody:
    'We could not charge {cardLast4, select, none {your card} other {your card ending in {cardLast4}}} for your {tierName} membership of {creatorName} ({amount} a month).\n\nWe will try the card again each day. Your membership stays open until {graceEnd}; if the payment has not gone through by then, it ends.\nTo pay with another card, open "My memberships" on {origin} and choose the membership.\n\n— {siteName}',
  lapsedSubject: 'Your {tierName} membership has ended',
  lapsedBody:
    "Your {tierName} membership of {creatorName} ended because its monthly payment could not be collected.\n\nYou can become a member again at any time from {creatorName}'s page on {origin}.\n\n— {siteName}",
  newMemberSubject: 'New member: {memberName} joined {tierName} ({amount} a month)',
  newMemberBody:
    'New member on {siteName}.\n\nMember: {memberName}\nTier: {tierName}\nAmount: {amount} a month\nDate: {date}\n\nYour members are listed in the Members app: {origin}/apps/members',
  upgradeReceiptSubject: 'Your receipt from {siteName}: upgrade to {toTier}, {charged}',
  upgradeFreeSubject: 'Your membership of {creatorName} is now {toTier}',
  upgradeReceiptBody:
    'Your membership of {creatorName} moved from {fromTier} to {toTier}. Its perks are open now.\n\nItem: Upgrade from {fromTier} to {toTier} (the rest of the month you paid for)\nAmount: {charged}\nPaid with: {cardLast4, select, none {your card} other {your card ending in {cardLast4}}}\nDate: {date}\nFrom {from}: {monthly} a month\n\nYou can see and change your memberships under "My memberships" on {origin}.\nKeep this mail as your receipt. — {siteName}',
  upgradeFreeBody:
    'Your membership of {creatorName} moved from {fromTier} to {toTier}. Its perks are open now.\n\nItem: Upgrade from {fromTier} to {toTier} (the rest of the month you paid for)\nAmount: {charged}\nNothing was charged: the difference for the rest of the month is below {minimum}.\nDate: {date}\nFrom {from}: {monthly} a month\n\nYou can see and change your memberships under "My memberships" on {origin}.\n— {siteName}',
  downgradeScheduledSubject: 'Your {fromTier} membership changes to {toTier} on {from}',
  downgradeScheduledBody:
    'Your membership of {creatorName} moves from {fromTier} to {toTier} at the end of the month you paid for.\n\nYou keep {fromTier} and its perks until {from}. From then you pay {monthly} a month. Nothing is charged now.\n\nYou can see and change your memberships under "My memberships" on {origin}.\n— {siteName}',
  downgradeCanceledSubject: 'Your {toTier} membership stays as it is',
  downgradeCanceledBody:
    'The change of your membership of {creatorName} is undone: you stay on {toTier} at {monthly} a month.\n\nYou can see and change your memberships under "My memberships" on {origin}.\n— {siteName}',
  /** Stand-ins for a tier or an account that is gone. */
  someTier: 'membership',
  someCreator: 'the creator',
  someViewer: 'A viewer',
} as const;

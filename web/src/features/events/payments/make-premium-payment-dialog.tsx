import type { EventOutput } from '@server/domains/events/events.schemas';
import { useLingui } from '@lingui/react/macro';
import { toCents } from '@common/money';
import { formatNumber, formatMoney } from '@web/lib/i18n/format';
import { viewerTrpc } from '@web/lib/trpc';
import { EventPaymentDialog } from './event-payment-dialog';

const money = (cents: number) => formatMoney(cents);
const amount = (cents: number) => formatNumber(cents / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });

export interface MakePremiumPaymentDialogProps {
  open: boolean;
  event: EventOutput;
  onClose(): void;
  /**
   * Called once the server confirmed the payment (it wrote the access row): the page appends the event id to the
   * stored permission list and unlocks (platform.md §4).
   */
  onPaid(eventId: string): void;
}

/**
 * "Make Premium Payment" (platform.md §2): pay the event's premium price to enter. The server charges the event's
 * own price, writes the viewer's access row when the provider confirms, and sends the welcome message to the hub.
 */
export function MakePremiumPaymentDialog({ open, event, onClose, onPaid }: MakePremiumPaymentDialogProps) {
  const { t } = useLingui();
  const priceCents = toCents(event.premiumPrice);
  const price = money(priceCents);
  const eventName = event.name;
  const creatorName = event.user.displayName;
  return (
    <EventPaymentDialog
      event={event}
      title={t`Make Premium Payment`}
      description={t`Enter "${eventName}" by ${creatorName}.`}
      onClose={onClose}
      payment={
        open
          ? {
              fields: [
                { label: t`Event`, value: event.name },
                { label: t`Premium price (CAD)`, value: amount(priceCents) },
              ],
              amountCents: priceCents,
              submitLabel: t`Pay ${price}`,
              walletLabel: event.name,
              details: { premiumPrice: event.premiumPrice },
              createIntent: (input) => viewerTrpc.payments.createPaywallPayment.mutate(input),
              payWithToken: (input) => viewerTrpc.payments.createPaywallPaymentWithToken.mutate(input),
              onSucceeded: () => onPaid(event.id),
              signInAction: t`enter this event`,
            }
          : null
      }
    />
  );
}

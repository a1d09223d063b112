import type { EventOutput } from '@server/domains/events/events.schemas';
import { dollarsText, formatDollars, toCents } from '@common/money';
import { viewerTrpc } from '@web/lib/trpc';
import { EventPaymentDialog } from './event-payment-dialog';

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
  const priceCents = toCents(event.premiumPrice);
  return (
    <EventPaymentDialog
      event={event}
      title="Make Premium Payment"
      description={`Enter "${event.name}" by ${event.user.displayName}.`}
      onClose={onClose}
      payment={
        open
          ? {
              fields: [
                { label: 'Event', value: event.name },
                { label: 'Premium price (CAD)', value: dollarsText(priceCents) },
              ],
              amountCents: priceCents,
              submitLabel: `Pay ${formatDollars(priceCents)}`,
              walletLabel: event.name,
              details: { premiumPrice: event.premiumPrice },
              createIntent: (input) => viewerTrpc.payments.createPaywallPayment.mutate(input),
              payWithToken: (input) => viewerTrpc.payments.createPaywallPaymentWithToken.mutate(input),
              onSucceeded: () => onPaid(event.id),
              signInAction: 'enter this event',
            }
          : null
      }
    />
  );
}

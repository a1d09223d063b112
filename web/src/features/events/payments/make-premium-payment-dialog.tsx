import type { EventOutput } from '@server/domains/events/events.schemas';
import { Modal } from '@web/components/modal';
import { CardPaymentForm } from '@web/components/payment/card-payment-form';
import { formatDollars } from '@web/lib/payments';
import { viewerTrpc } from '@web/lib/viewer-api';
import { useViewer } from '@web/lib/viewer-session';
import { ReadOnlyField, SignInToPay } from './payment-fields';

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
  const viewer = useViewer((state) => state.user);
  const priceCents = Math.round(event.premiumPrice * 100);
  return (
    <Modal size="sm" open={open} onOpenChange={(next) => !next && onClose()} title="Make Premium Payment" description={`Enter "${event.name}" by ${event.user.displayName}.`}>
      <div className="space-y-4">
        <ReadOnlyField label="Event" value={event.name} />
        <ReadOnlyField label="Premium price (CAD)" value={event.premiumPrice.toFixed(2)} />
        {viewer ? (
          <CardPaymentForm
            amountCents={priceCents}
            submitLabel={`Pay ${formatDollars(priceCents)}`}
            walletLabel={event.name}
            createIntent={() =>
              viewerTrpc.payments.createPaywallPayment.mutate({
                userId: event.userId,
                premiumPrice: event.premiumPrice,
                email: viewer.email,
                eventId: event.id,
                eventName: event.name,
                viewerId: viewer.id,
              })
            }
            payWithToken={(tokenId) =>
              viewerTrpc.payments.createPaywallPaymentWithToken.mutate({
                tokenId,
                userId: event.userId,
                premiumPrice: event.premiumPrice,
                email: viewer.email,
                eventId: event.id,
                eventName: event.name,
                viewerId: viewer.id,
              })
            }
            reportStatus={(input) => viewerTrpc.payments.reportStatus.mutate(input)}
            onSucceeded={() => onPaid(event.id)}
          />
        ) : (
          <SignInToPay action="enter this event" />
        )}
      </div>
    </Modal>
  );
}

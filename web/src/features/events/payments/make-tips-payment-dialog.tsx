import type { EventOutput } from '@server/domains/events/events.schemas';
import type { PublicTipOption } from '@server/domains/tips/tips.schemas';
import { toast } from 'sonner';
import { Modal } from '@web/components/modal';
import { CardPaymentForm } from '@web/components/payment/card-payment-form';
import { viewerTrpc } from '@web/lib/viewer-api';
import { useViewer } from '@web/lib/viewer-session';
import { ReadOnlyField, SignInToPay } from './payment-fields';

export interface MakeTipsPaymentDialogProps {
  /** The tip being paid; the dialog is open while one is given. */
  tip: PublicTipOption | null;
  event: EventOutput;
  onClose(): void;
}

/**
 * "Make Tips Payment" (platform.md §2): the tip's name and amount, read-only with 2 decimals (§5), and the card form.
 * The server takes the amount from the creator's tip option; on success it records the tip, credits the ledger and
 * sends the tip message to the event's hub group.
 */
export function MakeTipsPaymentDialog({ tip, event, onClose }: MakeTipsPaymentDialogProps) {
  const viewer = useViewer((state) => state.user);
  return (
    <Modal size="sm" open={!!tip} onOpenChange={(open) => !open && onClose()} title="Make Tips Payment" description={`Send a tip to ${event.user.displayName}.`}>
      {tip && (
        <div className="space-y-4">
          <ReadOnlyField label="Tip name" value={tip.title} />
          <ReadOnlyField label="Tip amount (CAD)" value={tip.tipsAmount.toFixed(2)} />
          {viewer ? (
            <CardPaymentForm
              key={tip.id}
              amountCents={Math.round(tip.tipsAmount * 100)}
              submitLabel={`Send $${tip.tipsAmount.toFixed(2)} tip`}
              walletLabel={`Tip: ${tip.title}`}
              createIntent={() =>
                viewerTrpc.payments.createTipsPayment.mutate({
                  userId: event.userId,
                  tipsAmount: tip.tipsAmount,
                  tipOptionId: tip.id,
                  email: viewer.email,
                  eventId: event.id,
                  eventName: event.name,
                  viewerId: viewer.id,
                })
              }
              payWithToken={(tokenId) =>
                viewerTrpc.payments.createTipsPaymentWithToken.mutate({
                  tokenId,
                  userId: event.userId,
                  tipsAmount: tip.tipsAmount,
                  tipOptionId: tip.id,
                  email: viewer.email,
                  eventId: event.id,
                  eventName: event.name,
                  viewerId: viewer.id,
                })
              }
              reportStatus={(input) => viewerTrpc.payments.reportStatus.mutate(input)}
              onSucceeded={() => {
                toast.success(`Thank you! Your ${tip.title} tip was sent to ${event.user.displayName}.`);
                onClose();
              }}
            />
          ) : (
            <SignInToPay action="send a tip" />
          )}
        </div>
      )}
    </Modal>
  );
}

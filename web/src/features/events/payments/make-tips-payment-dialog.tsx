import type { EventOutput } from '@server/domains/events/events.schemas';
import type { PublicTipOption } from '@server/domains/tips/tips.schemas';
import { toast } from 'sonner';
import { dollarsText, formatDollars, toCents } from '@common/money';
import { viewerTrpc } from '@web/lib/trpc';
import { EventPaymentDialog } from './event-payment-dialog';

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
  const tipCents = tip ? toCents(tip.tipsAmount) : 0;
  return (
    <EventPaymentDialog
      event={event}
      title="Make Tips Payment"
      description={`Send a tip to ${event.user.displayName}.`}
      onClose={onClose}
      paymentKey={tip?.id}
      payment={
        tip
          ? {
              fields: [
                { label: 'Tip name', value: tip.title },
                { label: 'Tip amount (CAD)', value: dollarsText(tipCents) },
              ],
              amountCents: tipCents,
              submitLabel: `Send ${formatDollars(tipCents)} tip`,
              walletLabel: `Tip: ${tip.title}`,
              details: { tipsAmount: tip.tipsAmount, tipOptionId: tip.id },
              createIntent: (input) => viewerTrpc.payments.createTipsPayment.mutate(input),
              payWithToken: (input) => viewerTrpc.payments.createTipsPaymentWithToken.mutate(input),
              onSucceeded: () => {
                toast.success(`Thank you! Your ${tip.title} tip was sent to ${event.user.displayName}.`);
                onClose();
              },
              signInAction: 'send a tip',
            }
          : null
      }
    />
  );
}

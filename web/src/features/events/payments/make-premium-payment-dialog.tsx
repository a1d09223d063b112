import type { EventOutput } from '@server/domains/events/events.schemas';
import { Button } from '@web/components/button';
import { Modal } from '@web/components/modal';
import { PaymentsNotEnabledNotice, ReadOnlyField } from './payments-not-enabled';

export interface MakePremiumPaymentDialogProps {
  open: boolean;
  event: EventOutput;
  onClose(): void;
  /**
   * Call after the server confirmed the payment: the page appends the event id to the stored permission list and
   * unlocks (platform.md §4). The payments feature's form calls it; this placeholder never does.
   */
  onPaid(eventId: string): void;
}

/**
 * "Make Premium Payment" (platform.md §2): pay the event's premium price to enter.
 * The card form belongs to the payments feature, which replaces this component; until then it says so.
 */
export function MakePremiumPaymentDialog({ open, event, onClose }: MakePremiumPaymentDialogProps) {
  return (
    <Modal size="sm" open={open} onOpenChange={(next) => !next && onClose()} title="Make Premium Payment" description={`Enter "${event.name}" by ${event.user.displayName}.`}>
      <div className="space-y-4">
        <ReadOnlyField label="Event" value={event.name} />
        <ReadOnlyField label="Premium price (CAD)" value={event.premiumPrice.toFixed(2)} />
        <PaymentsNotEnabledNotice />
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    </Modal>
  );
}

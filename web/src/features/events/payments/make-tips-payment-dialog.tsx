import type { EventOutput } from '@server/domains/events/events.schemas';
import type { PublicTipOption } from '@server/domains/tips/tips.schemas';
import { Button } from '@web/components/button';
import { Modal } from '@web/components/modal';
import { PaymentsNotEnabledNotice, ReadOnlyField } from './payments-not-enabled';

export interface MakeTipsPaymentDialogProps {
  /** The tip being paid; the dialog is open while one is given. */
  tip: PublicTipOption | null;
  event: EventOutput;
  onClose(): void;
}

/**
 * "Make Tips Payment" (platform.md §2): the tip's name and amount, read-only (§5).
 * The card form belongs to the payments feature, which replaces this component; until then it says so.
 */
export function MakeTipsPaymentDialog({ tip, event, onClose }: MakeTipsPaymentDialogProps) {
  return (
    <Modal size="sm" open={!!tip} onOpenChange={(open) => !open && onClose()} title="Make Tips Payment" description={`Send a tip to ${event.user.displayName}.`}>
      {tip && (
        <div className="space-y-4">
          <ReadOnlyField label="Tip name" value={tip.title} />
          <ReadOnlyField label="Tip amount (CAD)" value={tip.tipsAmount.toFixed(2)} />
          <PaymentsNotEnabledNotice />
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}

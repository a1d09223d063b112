import { useEffect, useState } from 'react';
import type { EventOutput } from '@server/domains/events/events.schemas';
import type { PublicTipOption } from '@server/domains/tips/tips.schemas';
import { tipMessageLength, tipMessageMaxLength } from '@server/domains/payments/payments.schemas';
import { toast } from 'sonner';
import { Trans, useLingui } from '@lingui/react/macro';
import { toCents } from '@common/money';
import { formatNumber, formatMoney } from '@web/lib/i18n/format';
import { TextAreaField } from '@web/components/form-fields';
import { cx } from '@web/components/cx';
import { viewerTrpc } from '@web/lib/trpc';
import { EventPaymentDialog } from './event-payment-dialog';

const money = (cents: number) => formatMoney(cents);
const amount = (cents: number) => formatNumber(cents / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });

/** Keeps at most `tipMessageMaxLength` characters (as the server counts them: code points, after trimming the start). */
function capMessage(value: string): string {
  if (tipMessageLength(value) <= tipMessageMaxLength) return value;
  return [...value].slice(0, tipMessageMaxLength + (value.length - value.trimStart().length)).join('');
}

/** The tip's optional message to the creator, with its character counter. */
function TipMessageField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useLingui();
  const length = tipMessageLength(value);
  const maxLength = tipMessageMaxLength;
  return (
    <TextAreaField
      label={t`Message (optional)`}
      name="tipMessage"
      rows={2}
      value={value}
      placeholder={t`Say something nice`}
      onChange={(event) => onChange(capMessage(event.currentTarget.value))}
      hint={
        <span className={cx('tabular-nums', length >= tipMessageMaxLength && 'font-semibold text-amber-700')} data-testid="tip-message-counter" aria-live="polite">
          <Trans>
            {length}/{maxLength} · shown with your tip in the chat
          </Trans>
        </span>
      }
    />
  );
}

export interface MakeTipsPaymentDialogProps {
  /** The tip being paid; the dialog is open while one is given. */
  tip: PublicTipOption | null;
  event: EventOutput;
  onClose(): void;
}

/**
 * "Make Tips Payment" (platform.md §2): the tip's name and amount, read-only with 2 decimals (§5), and the card form.
 * The server takes the amount from the creator's tip option; on success it records the tip, credits the ledger and
 * sends the tip line, with the viewer's optional message (1–140 characters), to the event's hub group.
 */
export function MakeTipsPaymentDialog({ tip, event, onClose }: MakeTipsPaymentDialogProps) {
  const { t } = useLingui();
  const tipCents = tip ? toCents(tip.tipsAmount) : 0;
  const tipMoney = money(tipCents);
  const creatorName = event.user.displayName;
  const [message, setMessage] = useState('');
  // Each tip chosen starts with an empty message.
  useEffect(() => setMessage(''), [tip?.id]);
  const trimmed = message.trim();
  return (
    <EventPaymentDialog
      event={event}
      title={t`Make Tips Payment`}
      description={t`Send a tip to ${creatorName}.`}
      onClose={onClose}
      paymentKey={tip?.id}
      payment={
        tip
          ? {
              fields: [
                { label: t`Tip name`, value: tip.title },
                { label: t`Tip amount (CAD)`, value: amount(tipCents) },
              ],
              amountCents: tipCents,
              submitLabel: t`Send ${tipMoney} tip`,
              walletLabel: t`Tip: ${tip.title}`,
              details: { tipsAmount: tip.tipsAmount, tipOptionId: tip.id, ...(trimmed ? { message: trimmed } : {}) },
              extraFields: <TipMessageField value={message} onChange={setMessage} />,
              createIntent: (input) => viewerTrpc.payments.createTipsPayment.mutate(input),
              payWithToken: (input) => viewerTrpc.payments.createTipsPaymentWithToken.mutate(input),
              onSucceeded: () => {
                toast.success(t`Thank you! Your ${tip.title} tip was sent to ${creatorName}.`);
                onClose();
              },
              signInAction: t`send a tip`,
            }
          : null
      }
    />
  );
}

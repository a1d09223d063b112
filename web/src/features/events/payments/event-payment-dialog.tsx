import type { ReactNode } from 'react';
import type { EventOutput } from '@server/domains/events/events.schemas';
import { Modal } from '@web/components/modal';
import { CardPaymentForm, ReadOnlyField, type CardPaymentFormProps, type PaymentIntentHandle } from '@web/features/payment/public';
import { viewerTrpc } from '@web/lib/trpc';
import { useViewer } from '@web/lib/viewer-session';
import { SignInToPay } from './payment-fields';

/** What every event payment sends: the event, its creator and the paying viewer. */
export interface EventPayer {
  userId: string;
  email: string;
  eventId: string;
  eventName: string;
  viewerId: string;
}

type TokenPayment = ReturnType<NonNullable<CardPaymentFormProps['payWithToken']>>;

/** One payment a viewer makes on an event page (a premium entry, a tip). */
export interface EventPayment<Details extends object> {
  /** Read-only lines above the card form: what is paid and how much. */
  fields: Array<{ label: string; value: string }>;
  amountCents: number;
  submitLabel: string;
  walletLabel: string;
  /** What this payment sends besides the event and the payer. */
  details: Details;
  createIntent(input: EventPayer & Details): Promise<PaymentIntentHandle>;
  payWithToken(input: EventPayer & Details & { tokenId: string }): TokenPayment;
  onSucceeded(): void;
  /** Shown to a guest: "… to {signInAction}." */
  signInAction: string;
  /** The payer's own input above the card fields (a tip's message). */
  extraFields?: ReactNode;
}

export interface EventPaymentDialogProps<Details extends object> {
  event: EventOutput;
  title: string;
  description: string;
  /** The payment to make; the dialog is open while one is given. */
  payment: EventPayment<Details> | null;
  /** A new key starts the card form afresh (another tip chosen while open). */
  paymentKey?: string;
  onClose(): void;
}

/** The payment dialog of the event page: read-only summary, then the card form for a signed-in viewer. */
export function EventPaymentDialog<Details extends object>({ event, title, description, payment, paymentKey, onClose }: EventPaymentDialogProps<Details>) {
  const viewer = useViewer((state) => state.user);
  return (
    <Modal size="sm" open={payment !== null} onOpenChange={(open) => !open && onClose()} title={title} description={description}>
      {payment && (
        <div className="space-y-4">
          {payment.fields.map((field) => (
            <ReadOnlyField key={field.label} label={field.label} value={field.value} />
          ))}
          {viewer ? (
            <CardPaymentForm
              key={paymentKey}
              amountCents={payment.amountCents}
              submitLabel={payment.submitLabel}
              walletLabel={payment.walletLabel}
              createIntent={() => payment.createIntent({ ...eventPayer(event, viewer), ...payment.details })}
              payWithToken={(tokenId) => payment.payWithToken({ tokenId, ...eventPayer(event, viewer), ...payment.details })}
              reportStatus={(input) => viewerTrpc.payments.reportStatus.mutate(input)}
              onSucceeded={payment.onSucceeded}
            >
              {payment.extraFields}
            </CardPaymentForm>
          ) : (
            <SignInToPay action={payment.signInAction} />
          )}
        </div>
      )}
    </Modal>
  );
}

function eventPayer(event: EventOutput, viewer: { id: string; email: string }): EventPayer {
  return { userId: event.userId, email: viewer.email, eventId: event.id, eventName: event.name, viewerId: viewer.id };
}

import { useRef, useState, type FormEvent } from 'react';
import { CreditCard } from 'lucide-react';
import { toast } from 'sonner';
import { paymentFullName } from '@server/domains/payments/payments.schemas';
import type { SubscriptionInfo } from '@server/domains/subscriptions/subscriptions.schemas';
import { Button } from '@web/components/button';
import { Modal } from '@web/components/modal';
import { StripeCardField } from '@web/components/payment/card-payment-form';
import { Spinner } from '@web/components/spinner';
import { TextField } from '@web/components/text-field';
import { formatCardNumber, paymentErrorMessage, parseExpiry, type StripeCardElement, type StripeJs } from '@web/lib/payments';
import { trpc } from '@web/lib/trpc';

/** Stripe.js' SetupIntent confirmation (saves a card without paying). */
type StripeWithSetup = StripeJs & {
  confirmCardSetup(
    clientSecret: string,
    data: Record<string, unknown>,
  ): Promise<{ error?: { message?: string }; setupIntent?: { status: string; payment_method: string | { id: string } | null } }>;
};

/**
 * "Change card": the card form of checkout without a payment. With the local provider the card is
 * tokenised by `payments.localPaymentMethod`; with Stripe a SetupIntent is confirmed with the card Element.
 * Either way `subscriptions.updatePaymentMethod` makes it the card renewals charge.
 */
export function ChangeCardDialog({ subscription, open, onOpenChange }: { subscription: SubscriptionInfo; open: boolean; onOpenChange(open: boolean): void }) {
  const utils = trpc.useUtils();
  const config = trpc.payments.config.useQuery();
  const localPaymentMethod = trpc.payments.localPaymentMethod.useMutation();
  const createSetupIntent = trpc.subscriptions.createSetupIntent.useMutation();
  const updatePaymentMethod = trpc.subscriptions.updatePaymentMethod.useMutation();
  const stripe = useRef<{ client: StripeJs; card: StripeCardElement } | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [cardError, setCardError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const usesStripe = config.data?.provider === 'stripe' && !!config.data.publishableKey;

  const validateName = (value: string) => {
    const parsed = paymentFullName.safeParse(value);
    const message = parsed.success ? undefined : parsed.error.issues[0]?.message;
    setNameError(message);
    return !message;
  };

  const finish = () => {
    setFailure(null);
    setCardError(undefined);
    setCardNumber('');
    setExpiry('');
    setCvc('');
    onOpenChange(false);
  };
  const close = (next: boolean) => {
    if (busy) return;
    if (next) onOpenChange(true);
    else finish();
  };

  async function paymentMethodId(): Promise<string | null> {
    if (usesStripe) {
      if (!stripe.current) throw new Error('The card form is still loading.');
      const { clientSecret } = await createSetupIntent.mutateAsync({ id: subscription.id });
      const result = await (stripe.current.client as StripeWithSetup).confirmCardSetup(clientSecret, { payment_method: { card: stripe.current.card, billing_details: { name } } });
      if (result.error || !result.setupIntent?.payment_method) {
        setFailure(result.error?.message ?? 'Your card could not be saved.');
        return null;
      }
      const method = result.setupIntent.payment_method;
      return typeof method === 'string' ? method : method.id;
    }
    const parts = parseExpiry(expiry);
    if (!parts) {
      setCardError("Your card's expiration date is incomplete.");
      return null;
    }
    const method = await localPaymentMethod.mutateAsync({ cardNumber: cardNumber.replace(/\s/g, ''), expMonth: parts.expMonth, expYear: parts.expYear, cvc, name });
    return method.id;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setCardError(undefined);
    if (!validateName(name)) return;
    setBusy(true);
    try {
      const id = await paymentMethodId();
      if (!id) return;
      const updated = await updatePaymentMethod.mutateAsync({ id: subscription.id, paymentMethodId: id });
      await utils.subscriptions.mine.invalidate();
      toast.success(`Card changed: renewals of ${updated.subscriptionName} charge •••• ${updated.cardLast4 ?? ''}`);
      finish();
    } catch (error) {
      const message = paymentErrorMessage(error);
      setFailure(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} onOpenChange={close} title="Change card" description={`The card ${subscription.subscriptionName} renews with. Nothing is charged now.`} size="sm">
      {config.isPending ? (
        <Spinner label="Loading the card form" className="py-6" />
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="New card" className="space-y-4">
          {failure && (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-testid="change-card-error">
              {failure}
            </p>
          )}
          <TextField
            label="Full name on card"
            autoComplete="cc-name"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              if (nameError) validateName(event.target.value);
            }}
            onBlur={() => validateName(name)}
            error={nameError}
            disabled={busy}
          />
          {usesStripe && config.data?.publishableKey ? (
            <StripeCardField publishableKey={config.data.publishableKey} onReady={(value) => (stripe.current = value)} onError={setCardError} error={cardError} />
          ) : (
            <fieldset className="space-y-3" disabled={busy}>
              <legend className="sr-only">Card details</legend>
              <TextField
                label="Card number"
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="1234 1234 1234 1234"
                value={cardNumber}
                onChange={(event) => setCardNumber(formatCardNumber(event.target.value))}
              />
              <div className="grid grid-cols-2 gap-3">
                <TextField label="Expiry (MM / YY)" inputMode="numeric" autoComplete="cc-exp" placeholder="MM / YY" value={expiry} onChange={(event) => setExpiry(event.target.value)} />
                <TextField label="CVC" inputMode="numeric" autoComplete="cc-csc" placeholder="123" value={cvc} onChange={(event) => setCvc(event.target.value.replace(/\D/g, '').slice(0, 4))} />
              </div>
              {cardError && (
                <p role="alert" className="text-xs text-red-600">
                  {cardError}
                </p>
              )}
              <p className="flex items-start gap-1.5 text-xs text-slate-500">
                <CreditCard className="mt-0.5 size-3.5 shrink-0" aria-hidden />
                Test mode: 4242 4242 4242 4242 or 5555 5555 5555 4444 are accepted, 4000 0000 0000 0002 is declined.
              </p>
            </fieldset>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => close(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" busy={busy}>
              Save card
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

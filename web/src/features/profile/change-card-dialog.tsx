import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SubscriptionInfo } from '@server/domains/subscriptions/subscriptions.schemas';
import { Button } from '@web/components/button';
import { FormError } from '@web/components/form-error';
import { Modal } from '@web/components/modal';
import { CardFields, useCardFields } from '@web/features/payment/public';
import { Spinner } from '@web/components/spinner';
import { paymentErrorMessage, type StripeJs } from '@web/lib/payments';
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
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const config = trpc.payments.config.useQuery();
  const localPaymentMethod = trpc.payments.localPaymentMethod.useMutation();
  const createSetupIntent = trpc.subscriptions.createSetupIntent.useMutation();
  const updatePaymentMethod = trpc.subscriptions.updatePaymentMethod.useMutation();
  const fields = useCardFields();
  const { name, validateName, setCardError, stripe } = fields;
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const usesStripe = config.data?.provider === 'stripe' && !!config.data.publishableKey;

  const finish = () => {
    setFailure(null);
    fields.reset();
    onOpenChange(false);
  };
  const close = (next: boolean) => {
    if (busy) return;
    if (next) onOpenChange(true);
    else finish();
  };

  async function paymentMethodId(): Promise<string | null> {
    if (usesStripe) {
      if (!stripe.current) throw new Error(t`The card form is still loading.`);
      const { clientSecret } = await createSetupIntent.mutateAsync({ id: subscription.id });
      const result = await (stripe.current.client as StripeWithSetup).confirmCardSetup(clientSecret, { payment_method: { card: stripe.current.card, billing_details: { name } } });
      if (result.error || !result.setupIntent?.payment_method) {
        setFailure(result.error?.message ?? t`Your card could not be saved.`);
        return null;
      }
      const method = result.setupIntent.payment_method;
      return typeof method === 'string' ? method : method.id;
    }
    const card = fields.localCard();
    if (!card) return null;
    const method = await localPaymentMethod.mutateAsync(card);
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
      const planName = updated.subscriptionName;
      const last4 = updated.cardLast4 ?? '';
      toast.success(t`Card changed: renewals of ${planName} charge •••• ${last4}`);
      finish();
    } catch (error) {
      const message = paymentErrorMessage(error);
      setFailure(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  const subscriptionName = subscription.subscriptionName;
  return (
    <Modal open={open} onOpenChange={close} title={t`Change card`} description={t`The card ${subscriptionName} renews with. Nothing is charged now.`} size="sm">
      {config.isPending ? (
        <Spinner label={t`Loading the card form`} className="py-6" />
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t`New card`} className="space-y-4">
          <FormError error={failure} testId="change-card-error" />
          <CardFields
            fields={fields}
            stripeKey={usesStripe ? config.data!.publishableKey : null}
            busy={busy}
            testCardsHint={t`Test mode: 4242 4242 4242 4242 or 5555 5555 5555 4444 are accepted, 4000 0000 0000 0002 is declined.`}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => close(false)} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" busy={busy}>
              <Trans>Save card</Trans>
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import { CreditCard } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { paymentFullName } from '@server/domains/payments/payments.schemas';
import { TextField } from '@web/components/text-field';
import { validationText } from '@web/lib/i18n/validation-texts';
import { formatCardNumber, loadStripe, parseExpiry, type StripeCardElement, type StripeJs } from '@web/lib/payments';

export type StripeCard = { client: StripeJs; card: StripeCardElement };

/** The card details a form holds: the name on the card and either Stripe's Element or the local provider's fields. */
export function useCardFields() {
  const { t } = useLingui();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [cardError, setCardError] = useState<string | undefined>();
  const stripe = useRef<StripeCard | null>(null);

  const validateName = (value: string) => {
    const parsed = paymentFullName.safeParse(value);
    const message = parsed.success ? undefined : parsed.error.issues[0]?.message;
    setNameError(message);
    return !message;
  };

  /** The local provider's card as its calls take it, or null (with the message shown) when the expiry is incomplete. */
  const localCard = () => {
    const parts = parseExpiry(expiry);
    if (!parts) {
      setCardError(t`Your card's expiration date is incomplete.`);
      return null;
    }
    return { cardNumber: cardNumber.replace(/\s/g, ''), expMonth: parts.expMonth, expYear: parts.expYear, cvc, name };
  };

  const reset = () => {
    setName('');
    setNameError(undefined);
    setCardNumber('');
    setExpiry('');
    setCvc('');
    setCardError(undefined);
  };

  return { name, setName, nameError, validateName, cardNumber, setCardNumber, expiry, setExpiry, cvc, setCvc, cardError, setCardError, stripe, localCard, reset };
}

export type CardFieldsState = ReturnType<typeof useCardFields>;

/** The name on the card, then Stripe's card Element (when the server has a publishable key) or the local test-card fields. */
export function CardFields({
  fields,
  stripeKey,
  busy,
  testCardsHint,
}: {
  fields: CardFieldsState;
  /** The publishable key when Stripe takes the card; null for the local provider. */
  stripeKey: string | null;
  busy: boolean;
  testCardsHint: string;
}) {
  const { t } = useLingui();
  const { name, setName, nameError, validateName, cardNumber, setCardNumber, expiry, setExpiry, cvc, setCvc, cardError, setCardError, stripe } = fields;
  return (
    <>
      <TextField
        label={t`Full name on card`}
        autoComplete="cc-name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          if (nameError) validateName(event.target.value);
        }}
        onBlur={() => validateName(name)}
        error={validationText(nameError)}
        disabled={busy}
      />
      {stripeKey ? (
        <StripeCardField publishableKey={stripeKey} onReady={(value) => ((stripe as MutableRefObject<StripeCard | null>).current = value)} onError={setCardError} error={cardError} />
      ) : (
        <fieldset className="space-y-3" disabled={busy}>
          <legend className="sr-only">
            <Trans>Card details</Trans>
          </legend>
          <TextField
            label={t`Card number`}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            dir="ltr"
            value={cardNumber}
            onChange={(event) => setCardNumber(formatCardNumber(event.target.value))}
          />
          <div className="grid grid-cols-2 gap-3">
            <TextField label={t`Expiry (MM / YY)`} inputMode="numeric" autoComplete="cc-exp" placeholder={t`MM / YY`} value={expiry} onChange={(event) => setExpiry(event.target.value)} />
            <TextField label={t`CVC`} inputMode="numeric" autoComplete="cc-csc" placeholder="123" value={cvc} onChange={(event) => setCvc(event.target.value.replace(/\D/g, '').slice(0, 4))} />
          </div>
          {cardError && (
            <p role="alert" className="text-xs text-red-600">
              {cardError}
            </p>
          )}
          <p className="flex items-start gap-1.5 text-xs text-slate-500">
            <CreditCard className="mt-0.5 size-3.5 shrink-0" aria-hidden />
            {testCardsHint}
          </p>
        </fieldset>
      )}
    </>
  );
}

/** Stripe's card Element, mounted once Stripe.js has loaded (also the profile's "Change card" dialog). */
export function StripeCardField({
  publishableKey,
  onReady,
  onError,
  error,
}: {
  publishableKey: string;
  onReady(value: { client: StripeJs; card: StripeCardElement }): void;
  onError(message: string | undefined): void;
  error?: string | undefined;
}) {
  const host = useRef<HTMLDivElement>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    let card: StripeCardElement | null = null;
    let cancelled = false;
    loadStripe(publishableKey)
      .then((client) => {
        if (cancelled || !host.current) return;
        card = client.elements().create('card', { hidePostalCode: true });
        card.mount(host.current);
        card.on('change', (event) => onError(event.error?.message));
        onReady({ client, card });
      })
      .catch((reason: Error) => setLoadError(reason.message));
    return () => {
      cancelled = true;
      card?.destroy();
    };
  }, [publishableKey]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div className="space-y-1">
      <span className="block text-sm font-medium text-slate-700">
        <Trans>Card</Trans>
      </span>
      <div ref={host} className="rounded-md border border-slate-300 bg-white px-3 py-3" />
      {(error || loadError) && (
        <p role="alert" className="text-xs text-red-600">
          {error ?? loadError}
        </p>
      )}
    </div>
  );
}

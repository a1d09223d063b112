import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { CreditCard, Lock, ShieldCheck } from 'lucide-react';
import { paymentFullName } from '@server/domains/payments/payments.schemas';
import { Button } from '@web/components/button';
import { Spinner } from '@web/components/spinner';
import { TextField } from '@web/components/text-field';
import {
  formatCardNumber,
  formatDollars,
  loadStripe,
  outcomeOfStripe,
  paymentFailureText,
  parseExpiry,
  paymentErrorMessage,
  statusReport,
  type ConfirmOutcome,
  type StripeCardElement,
  type StripeJs,
} from '@web/lib/payments';
import { trpc } from '@web/lib/trpc';
import { WalletButtons } from './wallet-buttons';

export interface PaymentIntentHandle {
  client_secret: string;
  paymentIntentId: string;
  paymentId: string;
}

export interface PaymentSucceeded {
  paymentId: string;
  paymentIntentId: string;
}

/** What the server recorded after a status report (re-checked with the provider). */
export interface ReportedPayment {
  id: string;
  status: string;
  error: { message: string } | null;
}

export interface CardPaymentFormProps {
  amountCents: number;
  submitLabel: string;
  /** Asks the server for a payment intent (called once; a retry after a decline reuses it). */
  createIntent(): Promise<PaymentIntentHandle>;
  /** A wallet's token, confirmed by the server at once (only where the provider offers wallets). */
  payWithToken?(tokenId: string): Promise<PaymentIntentHandle & { status: string; error: { message: string } | null }>;
  walletLabel?: string;
  /**
   * Sends the status report with the payer's token. By default the dashboard session's; the event page passes
   * one that carries the viewer's token.
   */
  reportStatus?(input: ReturnType<typeof statusReport>): Promise<ReportedPayment>;
  onSucceeded(result: PaymentSucceeded): void | Promise<void>;
  /** Above the fields (e.g. the order summary). */
  children?: ReactNode;
}

type Stage = 'idle' | 'confirming' | 'authenticating' | 'reporting';

/**
 * The card form of every payment: the local provider's fields by default, Stripe Elements when the
 * server has a publishable key. It asks for the intent, confirms the card, runs the authentication
 * step when the card needs it, and reports the outcome (the server re-checks it with the provider).
 */
export function CardPaymentForm({ amountCents, submitLabel, createIntent, payWithToken, walletLabel, reportStatus, onSucceeded, children }: CardPaymentFormProps) {
  const config = trpc.payments.config.useQuery();
  const localConfirm = trpc.payments.localConfirm.useMutation();
  const localAuthenticate = trpc.payments.localAuthenticate.useMutation();
  const report = trpc.payments.reportStatus.useMutation();
  const intent = useRef<PaymentIntentHandle | null>(null);
  const [stage, setStage] = useState<Stage>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [cardError, setCardError] = useState<string | undefined>();
  const stripe = useRef<{ client: StripeJs; card: StripeCardElement } | null>(null);
  const usesStripe = config.data?.provider === 'stripe' && !!config.data.publishableKey;

  const validateName = (value: string) => {
    const parsed = paymentFullName.safeParse(value);
    const message = parsed.success ? undefined : parsed.error.issues[0]?.message;
    setNameError(message);
    return !message;
  };

  async function finish(handle: PaymentIntentHandle, outcome: ConfirmOutcome) {
    if (outcome.error?.type === 'validation_error') {
      setCardError(outcome.error.message);
      setStage('idle');
      return;
    }
    setStage('reporting');
    try {
      const input = statusReport(handle.paymentIntentId, outcome);
      const recorded = reportStatus ? await reportStatus(input) : await report.mutateAsync(input);
      if (recorded.status === 'succeeded') {
        await onSucceeded({ paymentId: recorded.id, paymentIntentId: handle.paymentIntentId });
        return;
      }
      setFailure(outcome.error?.message ?? recorded.error?.message ?? 'Your payment could not be completed.');
    } catch (error) {
      setFailure(outcome.error?.message ?? paymentErrorMessage(error));
    }
    setStage('idle');
  }

  async function ensureIntent(): Promise<PaymentIntentHandle> {
    intent.current ??= await createIntent();
    return intent.current;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setCardError(undefined);
    if (!validateName(name)) return;
    const expiryParts = parseExpiry(expiry);
    if (!usesStripe && !expiryParts) {
      setCardError('Your card\'s expiration date is incomplete.');
      return;
    }
    setStage('confirming');
    let handle: PaymentIntentHandle;
    try {
      handle = await ensureIntent();
    } catch (error) {
      setFailure(paymentErrorMessage(error));
      setStage('idle');
      return;
    }
    try {
      if (usesStripe && stripe.current) {
        const result = await stripe.current.client.confirmCardPayment(handle.client_secret, { payment_method: { card: stripe.current.card, billing_details: { name } } });
        await finish(handle, outcomeOfStripe(result));
        return;
      }
      const outcome = await localConfirm.mutateAsync({
        clientSecret: handle.client_secret,
        cardNumber: cardNumber.replace(/\s/g, ''),
        expMonth: expiryParts!.expMonth,
        expYear: expiryParts!.expYear,
        cvc,
        name,
      });
      if (outcome.status === 'requires_action') {
        setStage('authenticating');
        return;
      }
      await finish(handle, outcome);
    } catch (error) {
      setFailure(paymentErrorMessage(error));
      setStage('idle');
    }
  }

  async function authenticate(result: 'complete' | 'fail') {
    const handle = intent.current;
    if (!handle) return;
    setStage('confirming');
    try {
      await finish(handle, await localAuthenticate.mutateAsync({ clientSecret: handle.client_secret, outcome: result }));
    } catch (error) {
      setFailure(paymentErrorMessage(error));
      setStage('idle');
    }
  }

  async function onWalletToken(tokenId: string): Promise<boolean> {
    if (!payWithToken) return false;
    setFailure(null);
    setStage('confirming');
    try {
      const answer = await payWithToken(tokenId);
      intent.current = answer;
      if (answer.status === 'requires_action' && stripe.current) {
        const result = await stripe.current.client.confirmCardPayment(answer.client_secret);
        await finish(answer, outcomeOfStripe(result));
      } else {
        await finish(answer, { status: answer.status === 'succeeded' ? 'succeeded' : 'requires_payment_method', ...(answer.error ? { error: { type: 'card_error', message: answer.error.message } } : {}) });
      }
      return answer.status !== 'requires_payment_method';
    } catch (error) {
      setFailure(paymentErrorMessage(error));
      setStage('idle');
      return false;
    }
  }

  const busy = stage !== 'idle';
  if (config.isPending) return <Spinner label="Loading the payment form" className="py-10" />;
  const failureText = failure ? paymentFailureText(failure) : null;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Card payment" className="relative space-y-4">
      {children}
      {failureText && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-testid="payment-error">
          <p className="font-semibold">{failureText.heading}</p>
          <p>{failureText.message}</p>
        </div>
      )}
      {config.data?.offersWallets && config.data.publishableKey && payWithToken && (
        <WalletButtons publishableKey={config.data.publishableKey} amountCents={amountCents} label={walletLabel ?? submitLabel} disabled={busy} onToken={onWalletToken} />
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
            Test mode: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks for authentication.
          </p>
        </fieldset>
      )}
      <Button type="submit" busy={busy} className="w-full">
        <Lock className="size-4" aria-hidden />
        {submitLabel}
      </Button>
      {busy && stage !== 'authenticating' && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 rounded-md bg-white/80" data-testid="payment-processing">
          <Spinner label="Processing your payment" />
          <p className="text-sm font-medium text-slate-700">Processing your payment…</p>
        </div>
      )}
      <AuthenticationDialog open={stage === 'authenticating'} amountCents={amountCents} onResult={(result) => void authenticate(result)} />
    </form>
  );
}

/** The bank's authentication step (the local provider's stand-in for 3-D Secure). */
function AuthenticationDialog({ open, amountCents, onResult }: { open: boolean; amountCents: number; onResult(result: 'complete' | 'fail'): void }) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onResult('fail')}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-slate-900/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-[71] w-[calc(100vw-1.5rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 space-y-4 rounded-xl bg-white p-6 shadow-2xl focus:outline-none">
          <ShieldCheck className="size-10 text-brand-600" aria-hidden />
          <Dialog.Title className="text-lg font-bold text-slate-900">Authenticate this payment</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600">
            Your card issuer asks you to confirm a payment of {formatDollars(amountCents)} CAD. This is the test authentication page: complete it to pay, or fail it
            to see a refused authentication.
          </Dialog.Description>
          <div className="flex flex-col gap-2 sm:flex-row-reverse">
            <Button onClick={() => onResult('complete')}>Complete authentication</Button>
            <Button variant="secondary" onClick={() => onResult('fail')}>
              Fail authentication
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
      <span className="block text-sm font-medium text-slate-700">Card</span>
      <div ref={host} className="rounded-md border border-slate-300 bg-white px-3 py-3" />
      {(error || loadError) && (
        <p role="alert" className="text-xs text-red-600">
          {error ?? loadError}
        </p>
      )}
    </div>
  );
}

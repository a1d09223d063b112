import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Lock, ShieldCheck } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@web/components/button';
import { Spinner } from '@web/components/spinner';
import {
  outcomeOfStripe,
  paymentFailureText,
  paymentErrorMessage,
  statusReport,
  type ConfirmOutcome,
} from '@web/lib/payments';
import { formatMoney } from '@web/lib/i18n/format';
import { trpc } from '@web/lib/trpc';
import { CardFields, useCardFields } from './card-fields';
import { WalletButtons } from './wallet-buttons';

const money = (cents: number) => formatMoney(cents);

export interface PaymentIntentHandle {
  client_secret: string;
  paymentIntentId: string;
  paymentId: string;
}

export interface PaymentSucceeded {
  paymentId: string;
  paymentIntentId: string;
  /**
   * True when the provider confirmed the card but the status report to our server failed: the payment is taken and
   * the provider's webhook records it shortly, so the page shows success (or "confirming") rather than a failure.
   */
  reportFailed?: boolean;
}

/** The console line a failed status report leaves (platform.md §8: "Payment status update … failures are only logged"). */
export const reportFailureLog = 'Payment status update failed';

function logReportFailure(handle: PaymentIntentHandle, error: unknown) {
  console.error(reportFailureLog, { paymentId: handle.paymentId, paymentIntentId: handle.paymentIntentId, error: error instanceof Error ? error.message : error });
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
  const { t } = useLingui();
  const config = trpc.payments.config.useQuery();
  const localConfirm = trpc.payments.localConfirm.useMutation();
  const localAuthenticate = trpc.payments.localAuthenticate.useMutation();
  const report = trpc.payments.reportStatus.useMutation();
  const intent = useRef<PaymentIntentHandle | null>(null);
  const [stage, setStage] = useState<Stage>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const fields = useCardFields();
  const { name, validateName, setCardError, stripe } = fields;
  const usesStripe = config.data?.provider === 'stripe' && !!config.data.publishableKey;

  async function finish(handle: PaymentIntentHandle, outcome: ConfirmOutcome) {
    if (outcome.error?.type === 'validation_error') {
      setCardError(outcome.error.message);
      setStage('idle');
      return;
    }
    setStage('reporting');
    const input = statusReport(handle.paymentIntentId, outcome);
    let recorded: ReportedPayment;
    try {
      recorded = reportStatus ? await reportStatus(input) : await report.mutateAsync(input);
    } catch (error) {
      if (outcome.status === 'succeeded') {
        // The provider confirmed the card: the money is taken. A status report that fails is only logged
        // (platform.md §8); the provider's webhook (or the server's next sync) records the payment.
        logReportFailure(handle, error);
        await onSucceeded({ paymentId: handle.paymentId, paymentIntentId: handle.paymentIntentId, reportFailed: true });
        return;
      }
      setFailure(outcome.error?.message ?? paymentErrorMessage(error));
      setStage('idle');
      return;
    }
    if (recorded.status === 'succeeded') {
      await onSucceeded({ paymentId: recorded.id, paymentIntentId: handle.paymentIntentId });
      return;
    }
    setFailure(outcome.error?.message ?? recorded.error?.message ?? t`Your payment could not be completed.`);
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
    const card = usesStripe ? null : fields.localCard();
    if (!usesStripe && !card) return;
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
      const outcome = await localConfirm.mutateAsync({ clientSecret: handle.client_secret, ...card! });
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
  if (config.isPending) return <Spinner label={t`Loading the payment form`} className="py-10" />;
  const failureText = failure ? paymentFailureText(failure) : null;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t`Card payment`} className="relative space-y-4">
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
      <CardFields
        fields={fields}
        stripeKey={usesStripe ? config.data!.publishableKey : null}
        busy={busy}
        testCardsHint={t`Test mode: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks for authentication.`}
      />
      <Button type="submit" busy={busy} className="w-full">
        <Lock className="size-4" aria-hidden />
        {submitLabel}
      </Button>
      {busy && stage !== 'authenticating' && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 rounded-md bg-white/80" data-testid="payment-processing">
          <Spinner label={t`Processing your payment`} />
          <p className="text-sm font-medium text-slate-700">
            <Trans>Processing your payment…</Trans>
          </p>
        </div>
      )}
      <AuthenticationDialog open={stage === 'authenticating'} amountCents={amountCents} onResult={(result) => void authenticate(result)} />
    </form>
  );
}

/** The bank's authentication step (the local provider's stand-in for 3-D Secure). */
function AuthenticationDialog({ open, amountCents, onResult }: { open: boolean; amountCents: number; onResult(result: 'complete' | 'fail'): void }) {
  const amount = money(amountCents);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onResult('fail')}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-slate-900/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-[71] w-[calc(100vw-1.5rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 space-y-4 rounded-xl bg-white p-6 shadow-2xl focus:outline-none">
          <ShieldCheck className="size-10 text-brand-600" aria-hidden />
          <Dialog.Title className="text-lg font-bold text-slate-900">
            <Trans>Authenticate this payment</Trans>
          </Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600">
            <Trans>
              Your card issuer asks you to confirm a payment of {amount} CAD. This is the test authentication page: complete it to pay, or fail it to see a
              refused authentication.
            </Trans>
          </Dialog.Description>
          <div className="flex flex-col gap-2 sm:flex-row-reverse">
            <Button onClick={() => onResult('complete')}>
              <Trans>Complete authentication</Trans>
            </Button>
            <Button variant="secondary" onClick={() => onResult('fail')}>
              <Trans>Fail authentication</Trans>
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

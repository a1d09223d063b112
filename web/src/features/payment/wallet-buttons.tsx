import { useEffect, useRef, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { centsWalletRequest, dollarsWalletRequest, loadStripe } from '@web/lib/payments';

interface GooglePaymentsClient {
  isReadyToPay(request: Record<string, unknown>): Promise<{ result: boolean }>;
  createButton(options: { onClick: () => void; buttonColor?: string; buttonType?: string; buttonSizeMode?: string }): HTMLElement;
  loadPaymentData(request: Record<string, unknown>): Promise<{ paymentMethodData: { tokenizationData: { token: string } } }>;
}

type GooglePayApi = { PaymentsClient: new (options: { environment: 'TEST' | 'PRODUCTION' }) => GooglePaymentsClient };

/** Google Pay's API on `window.google` (which Google sign-in shares). */
function googlePayApi(): GooglePayApi | undefined {
  return (window as unknown as { google?: { payments?: { api: GooglePayApi } } }).google?.payments?.api;
}

function loadGooglePay(): Promise<void> {
  if (googlePayApi()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://pay.google.com/gp/p/js/pay.js';
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('Google Pay could not be loaded'));
    document.head.appendChild(script);
  });
}

/**
 * The two wallets, shown only where the provider offers them and the browser can pay with them:
 * the browser's wallet / Apple Pay through Stripe's payment request (amount in cents) and Google Pay
 * (amount in dollars with 2 decimals), both in CAD for Canada, test environment (platform.md §9).
 */
export function WalletButtons({
  publishableKey,
  amountCents,
  label,
  disabled,
  onToken,
}: {
  publishableKey: string;
  amountCents: number;
  label: string;
  disabled: boolean;
  /** Pays with the wallet's token; resolves whether the payment went through. */
  onToken(tokenId: string): Promise<boolean>;
}) {
  const paymentRequestHost = useRef<HTMLDivElement>(null);
  const googlePayHost = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState({ paymentRequest: false, googlePay: false });
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;

  useEffect(() => {
    let cancelled = false;
    loadStripe(publishableKey)
      .then(async (stripe) => {
        const request = stripe.paymentRequest(centsWalletRequest(amountCents, label));
        const can = await request.canMakePayment();
        if (cancelled || !can || !paymentRequestHost.current) return;
        request.on('paymentmethod', (event) => {
          void onTokenRef.current(event.paymentMethod.id).then((ok) => event.complete(ok ? 'success' : 'fail'));
        });
        stripe.elements().create('paymentRequestButton', { paymentRequest: request }).mount(paymentRequestHost.current);
        setAvailable((state) => ({ ...state, paymentRequest: true }));
      })
      .catch(() => undefined);
    loadGooglePay()
      .then(async () => {
        const api = googlePayApi();
        if (!api || cancelled || !googlePayHost.current) return;
        const client = new api.PaymentsClient({ environment: 'TEST' });
        const request = dollarsWalletRequest(amountCents, publishableKey);
        const { result } = await client.isReadyToPay({ apiVersion: 2, apiVersionMinor: 0, allowedPaymentMethods: request.allowedPaymentMethods });
        if (!result || cancelled || !googlePayHost.current) return;
        const button = client.createButton({
          buttonColor: 'black',
          buttonType: 'pay',
          buttonSizeMode: 'fill',
          onClick: () => {
            client
              .loadPaymentData(request)
              .then((data) => JSON.parse(data.paymentMethodData.tokenizationData.token) as { id: string })
              .then((token) => onTokenRef.current(token.id))
              .catch(() => undefined);
          },
        });
        googlePayHost.current.replaceChildren(button);
        setAvailable((state) => ({ ...state, googlePay: true }));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [publishableKey, amountCents, label]);

  return (
    <div className={available.paymentRequest || available.googlePay ? 'space-y-2' : 'hidden'} aria-disabled={disabled} data-testid="wallet-buttons">
      <div ref={paymentRequestHost} />
      <div ref={googlePayHost} className="h-10" />
      {(available.paymentRequest || available.googlePay) && (
        <p className="text-center text-xs text-slate-500">
          <Trans>or pay with a card</Trans>
        </p>
      )}
    </div>
  );
}
